// Path item of the MCP endpoint (streamable HTTP transport, stateful sessions).
import type { JsonObject, SchemaRefs } from "./json-schema.ts";
import { JsonRpcErrorResponse, McpMessage, McpResponse } from "./mcp-schemas.ts";

const DESCRIPTION = `Model Context Protocol over streamable HTTP: one JSON-RPC 2.0 message per POST.

1. Send \`initialize\`; the response carries the session id in the \`Mcp-Session-Id\` header.
2. Send that header on every later request, starting with the \`notifications/initialized\` notification.
3. Use \`tools/list\` and \`tools/call\` (tools: \`get_business\`, \`search_reviews\`, ...). Tools are read-only; a tool failure, bad arguments included, comes back as a result with \`isError: true\` naming the argument and the rule.

A request whose own shape is wrong (\`params\` not an object, an unknown member, nesting past 64 levels outside \`params\`) is a 400 with JSON-RPC error -32600; bad params (a missing member, a wrong type, a value outside its set, nesting past 64 levels) are error -32602 naming the member and the rule. Only a body that is not JSON is -32700.

Every request needs \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\` (the streamable transport requires both). The server answers a request as a \`text/event-stream\` whose \`data\` events each carry one JSON-RPC message, or as a single JSON body. A session idle for too long is closed; then requests get 404 and the client initializes again. No token or key: leave any token fields blank.`;

const EXAMPLES: JsonObject = {
  initialize: {
    summary: "Open a session",
    value: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "example-client", version: "1.0.0" },
      },
    },
  },
  initialized: {
    summary: "Confirm the session (notification, answered 202)",
    value: { jsonrpc: "2.0", method: "notifications/initialized" },
  },
  toolsList: { summary: "List the tools", value: { jsonrpc: "2.0", id: 2, method: "tools/list" } },
  getBusiness: {
    summary: "Call get_business",
    value: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_business", arguments: {} } },
  },
  searchReviews: {
    summary: "Call search_reviews",
    value: {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "search_reviews", arguments: { rating: 5, limit: 10 } },
    },
  },
};

export function mcpPaths(refs: SchemaRefs): JsonObject {
  const rpcError = (description: string): JsonObject => ({
    description,
    content: { "application/json": { schema: refs.ref(JsonRpcErrorResponse) } },
  });
  return {
    "/mcp": {
      post: {
        tags: ["MCP"],
        summary: "Send an MCP message (JSON-RPC 2.0)",
        description: DESCRIPTION,
        operationId: "postMcpMessage",
        parameters: [
          {
            name: "Mcp-Session-Id",
            in: "header",
            required: false,
            description: "The session id from the initialize response; required on every request after initialize",
            schema: { type: "string", pattern: "^[\\x21-\\x7E]+$" },
          },
          {
            name: "MCP-Protocol-Version",
            in: "header",
            required: false,
            description: "The protocol version agreed in initialize, sent on later requests",
            schema: { type: "string", examples: ["2025-06-18"] },
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: refs.ref(McpMessage, "input"), examples: EXAMPLES } },
        },
        responses: {
          "200": {
            description: "The JSON-RPC response to the request",
            headers: {
              "Mcp-Session-Id": {
                description: "The new session's id (on the initialize response)",
                schema: { type: "string" },
              },
            },
            content: {
              "application/json": { schema: refs.ref(McpResponse) },
              "text/event-stream": {
                schema: {
                  type: "string",
                  description: "Server-sent events; the data of each event is one JSON-RPC message (McpResponse)",
                },
              },
            },
          },
          "202": { description: "A notification was accepted; no body" },
          "400": rpcError(
            "Not JSON (-32700), not a JSON-RPC message the server accepts (-32600), a request before initialize or a missing Mcp-Session-Id (-32000), or an initialize with bad params (-32602)",
          ),
          "403": rpcError("The request's Origin is not allowed"),
          "404": rpcError("Unknown or expired session: send initialize again"),
          "406": rpcError("Accept does not list both application/json and text/event-stream"),
          "415": rpcError("Content-Type is not application/json"),
          "503": rpcError("Too many open sessions: try again later"),
        },
      },
    },
  };
}
