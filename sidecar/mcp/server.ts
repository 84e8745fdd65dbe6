// One MCP server instance: the v2 SDK's low-level Server with our handlers (tools, resources, prompts, completions),
// built per 2026-07-28 request or per 2025 session from the same code, so both generations see the same surface.
import { Server, type jsonSchemaValidator, type ProtocolEra } from "@modelcontextprotocol/server";
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
  // Built per release (they quote its names) and cached there; the order never changes.
  server.setRequestHandler("tools/list", () =>
    guarded(logger, "tools/list", () => {
      const snapshot = data.current();
      const definitions = tools.definitions(snapshot);
      return { tools: [...(apps ? withAppTools(definitions, snapshot.release.manifest.mcp_apps ?? {}) : definitions)] };
    }),
  );
  server.setRequestHandler("tools/call", (request) =>
    guarded(logger, "tools/call", () => {
      const { name, arguments: args } = request.params;
      // An unknown tool is a protocol error (the spec's -32602), not a tool result: there is no tool to fail.
      if (!tools.has(name)) throw invalidParams(unknownTool(name, tools.names));
      return tools.call(name, args, data.current);
    }),
  );

  server.setRequestHandler("resources/list", () =>
    guarded(logger, "resources/list", () => {
      const snapshot = data.current();
      return { resources: [...listResources(snapshot), ...(apps ? appResources(snapshot) : [])] };
    }),
  );
  server.setRequestHandler("resources/templates/list", () =>
    guarded(logger, "resources/templates/list", () => ({ resourceTemplates: [reviewTemplate(data.current())] })),
  );
  server.setRequestHandler("resources/read", (request) =>
    guarded(logger, "resources/read", async () => {
      const snapshot = data.current();
      return (apps && (await readApp(request.params.uri, snapshot))) || readResource(request.params.uri, snapshot);
    }),
  );
  const subscriptions = scope.subscriptions;
  if (subscriptions) {
    server.setRequestHandler("resources/subscribe", (request) =>
      guarded(logger, "resources/subscribe", async () => {
        const { uri } = request.params;
        const version = resourceVersion(uri, data.current());
        if (version === null) throw notFound(uri);
        if (!(await subscriptions.add(uri, version))) {
          throw invalidRequest(`at most ${MAX_SUBSCRIPTIONS} subscriptions per session; unsubscribe from some first`);
        }
        return {};
      }),
    );
    server.setRequestHandler("resources/unsubscribe", (request) =>
      guarded(logger, "resources/unsubscribe", async () => {
        await subscriptions.remove(request.params.uri);
        return {};
      }),
    );
  }

  server.setRequestHandler("prompts/list", () => ({ prompts: listPrompts() }));
  server.setRequestHandler("prompts/get", (request) =>
    guarded(logger, "prompts/get", () => getPrompt(request.params.name, request.params.arguments, data.current())),
  );

  server.setRequestHandler("completion/complete", (request) =>
    guarded(logger, "completion/complete", () => {
      const { ref, argument } = request.params;
      const snapshot = data.current();
      if (ref.type === "ref/prompt") return completePromptArgument(ref.name, argument.name, argument.value, snapshot);
      const template = reviewTemplate(snapshot).uriTemplate;
      if (ref.uri !== template)
        throw invalidParams(`No resource template ${ref.uri}; resources/templates/list names it`);
      if (argument.name !== "id") throw invalidParams(`${template} has no argument ${argument.name}`);
      return completeFrom(snapshot.index.ids.slice(0, 1000), argument.value);
    }),
  );

  return server;
}
