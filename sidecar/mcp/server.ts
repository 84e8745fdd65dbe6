// One MCP server instance: the v2 SDK's low-level Server with our handlers (tools, resources, prompts, completions),
// built per 2026-07-28 request or per 2025 session from the same code, so both generations see the same surface.
import {
  type HandlerResultTypeMap,
  type jsonSchemaValidator,
  type ProtocolEra,
  type RequestMethod,
  type RequestTypeMap,
  Server,
} from "@modelcontextprotocol/server";
import type { Logger } from "../log.ts";
import { APPS_CAPABILITY, appResources, readApp, withAppTools } from "./apps.ts";
import type { SnapshotSource } from "./data/snapshot.ts";
import { completeFrom, completePromptArgument, getPrompt, listPrompts } from "./prompts.ts";
import { CACHE_HINT, SERVER_INFO, SERVER_INSTRUCTIONS, SUPPORTED_VERSIONS } from "./protocol.ts";
import { listResources, notFound, readResource, resourceVersion, reviewTemplate } from "./resources.ts";
import { unknownTool } from "./request-check.ts";
import { guarded, invalidParams, invalidRequest } from "./rpc.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/**
 * Per 2025 session, kept where every replica sees them: the URIs it subscribed to, with the version last seen
 * (resources/updated is sent when it changes).
 */
export type Subscriptions = Readonly<{
  /** False when the session already has MAX_SUBSCRIPTIONS others. */
  add: (uri: string, version: string) => Promise<boolean>;
  remove: (uri: string) => Promise<void>;
}>;

export const MAX_SUBSCRIPTIONS = 100;

export type SessionServerDeps = Readonly<{
  tools: ToolRegistry;
  data: SnapshotSource;
  /** Shared by every instance: the SDK would otherwise build an Ajv instance per server. */
  validator: jsonSchemaValidator;
  logger: Logger;
}>;

/**
 * A 2025 session's server keeps its subscriptions; a 2026 request's server has none (subscriptions/listen replaces them).
 * `apps`: the client advertised the io.modelcontextprotocol/ui extension (in its initialize, or in this request).
 */
export type ServerScope = Readonly<{ era: ProtocolEra; subscriptions?: Subscriptions; apps?: boolean }>;

const CACHEABLE = ["tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"];

export function createMcpServer(deps: SessionServerDeps, scope: ServerScope): Server {
  const { tools, data, logger } = deps;
  const apps = scope.apps === true;
  const server = new Server(SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
      // Logging is a 2025 feature (deprecated in 2026-07-28); release news goes to 2025 sessions only.
      ...(scope.era === "legacy" ? { logging: {} } : {}),
      ...(apps ? APPS_CAPABILITY : {}),
    },
    instructions: SERVER_INSTRUCTIONS,
    jsonSchemaValidator: deps.validator,
    // server/discover names every revision /mcp serves. A 2025 session keeps the SDK's whole list: its
    // MCP-Protocol-Version header may name any revision the SDK knows (initialize itself is narrowed by `negotiate`).
    ...(scope.era === "modern" ? { supportedProtocolVersions: [...SUPPORTED_VERSIONS] } : {}),
    cacheHints: Object.fromEntries([...CACHEABLE, "server/discover"].map((m) => [m, CACHE_HINT])),
  });
  // Every handler behind the guard: an unexpected failure is logged once and answered as a bare internal error.
  const on = <M extends RequestMethod>(
    method: M,
    run: (request: RequestTypeMap[M]) => HandlerResultTypeMap[M] | Promise<HandlerResultTypeMap[M]>,
  ) => server.setRequestHandler(method, (request) => guarded(logger, method, () => run(request)));

  // Built per release (they quote its names) and cached there; the order never changes.
  on("tools/list", () => {
    const snapshot = data.current();
    const definitions = tools.definitions(snapshot);
    return { tools: [...(apps ? withAppTools(definitions, snapshot.release.manifest.mcp_apps ?? {}) : definitions)] };
  });
  on("tools/call", (request) => {
    const { name, arguments: args } = request.params;
    // An unknown tool is a protocol error (the spec's -32602), not a tool result: there is no tool to fail.
    if (!tools.has(name)) throw invalidParams(unknownTool(name, tools.names));
    return tools.call(name, args, data.current);
  });

  on("resources/list", () => {
    const snapshot = data.current();
    return { resources: [...listResources(snapshot), ...(apps ? appResources(snapshot) : [])] };
  });
  on("resources/templates/list", () => ({ resourceTemplates: [reviewTemplate(data.current())] }));
  on("resources/read", async (request) => {
    const snapshot = data.current();
    return (apps && (await readApp(request.params.uri, snapshot))) || readResource(request.params.uri, snapshot);
  });
  const subscriptions = scope.subscriptions;
  if (subscriptions) {
    on("resources/subscribe", async (request) => {
      const { uri } = request.params;
      const version = resourceVersion(uri, data.current());
      if (version === null) throw notFound(uri);
      if (!(await subscriptions.add(uri, version))) {
        throw invalidRequest(`at most ${MAX_SUBSCRIPTIONS} subscriptions per session; unsubscribe from some first`);
      }
      return {};
    });
    on("resources/unsubscribe", async (request) => {
      await subscriptions.remove(request.params.uri);
      return {};
    });
  }

  on("prompts/list", () => ({ prompts: listPrompts() }));
  on("prompts/get", (request) => getPrompt(request.params.name, request.params.arguments, data.current()));

  on("completion/complete", (request) => {
    const { ref, argument } = request.params;
    const snapshot = data.current();
    if (ref.type === "ref/prompt") return completePromptArgument(ref.name, argument.name, argument.value, snapshot);
    const template = reviewTemplate(snapshot).uriTemplate;
    if (ref.uri !== template) throw invalidParams(`No resource template ${ref.uri}; resources/templates/list names it`);
    if (argument.name !== "id") throw invalidParams(`${template} has no argument ${argument.name}`);
    return completeFrom(snapshot.index.ids.slice(0, 1000), argument.value);
  });

  return server;
}
