// One MCP server per session: the SDK's low-level Server with our handlers (tools, resources, prompts, completions, logging, subscriptions).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { Logger } from "../log.ts";
import type { SnapshotSource } from "./data/snapshot.ts";
import { completeFrom, completePromptArgument, getPrompt, listPrompts } from "./prompts.ts";
import { SERVER_INFO, SERVER_INSTRUCTIONS } from "./protocol.ts";
import { listResources, notFound, readResource, resourceVersion, reviewTemplate } from "./resources.ts";
import { unknownTool } from "./request-check.ts";
import { guarded, invalidParams, invalidRequest } from "./rpc.ts";
import type { ToolRegistry } from "./tool-registry.ts";

/**
 * Per session, kept where every replica sees them: the URIs it subscribed to, with the version last seen
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
  /** Shared by every session: the SDK would otherwise build an Ajv instance per server. */
  validator: jsonSchemaValidator;
  logger: Logger;
}>;

export function createSessionServer(deps: SessionServerDeps, subscriptions: Subscriptions): Server {
  const { tools, data, logger } = deps;
  const server = new Server(SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
      logging: {},
    },
    instructions: SERVER_INSTRUCTIONS,
    jsonSchemaValidator: deps.validator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () =>
    guarded(logger, "tools/list", () => ({ tools: [...tools.definitions(data.current())] })),
  );
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    guarded(logger, "tools/call", () => {
      const { name, arguments: args } = request.params;
      // An unknown tool is a protocol error (the spec's -32602), not a tool result: there is no tool to fail.
      if (!tools.has(name)) throw invalidParams(unknownTool(name, tools.names));
      return tools.call(name, args, data.current);
    }),
  );

  server.setRequestHandler(ListResourcesRequestSchema, () =>
    guarded(logger, "resources/list", () => ({ resources: listResources(data.current()) })),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () =>
    guarded(logger, "resources/templates/list", () => ({
      resourceTemplates: [reviewTemplate(data.current())],
    })),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    guarded(logger, "resources/read", () => readResource(request.params.uri, data.current())),
  );
  server.setRequestHandler(SubscribeRequestSchema, (request) =>
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
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    await subscriptions.remove(request.params.uri);
    return {};
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    guarded(logger, "prompts/get", () => getPrompt(request.params.name, request.params.arguments, data.current())),
  );

  server.setRequestHandler(CompleteRequestSchema, (request) =>
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
