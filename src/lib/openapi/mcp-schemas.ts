// The JSON-RPC 2.0 messages of the MCP endpoint, at the level the contract describes them (for the document only; the MCP SDK validates the wire).
import { z } from "zod";
import { LIMIT_DEFAULT, LIMIT_MAX } from "../schema/search.ts";

const JsonRpcVersion = z.literal("2.0");
const AnyObject = z.record(z.string(), z.unknown());

const JsonRpcId = z
  .union([z.string(), z.int()])
  .meta({ id: "JsonRpcId", description: "Chosen by the client; echoed in the response" });

const request = <M extends string, P extends z.ZodType>(method: M, params: P) =>
  z.object({ jsonrpc: JsonRpcVersion, id: JsonRpcId, method: z.literal(method), params }).strict();

const McpInitializeRequest = request(
  "initialize",
  z
    .object({
      protocolVersion: z.string().meta({ description: "The MCP revision the client speaks", examples: ["2025-06-18"] }),
      capabilities: AnyObject.meta({ description: "Client capabilities; may be empty" }),
      clientInfo: z.object({ name: z.string(), version: z.string() }).loose(),
    })
    .loose(),
).meta({ id: "McpInitializeRequest", description: "Opens a session; the response carries the Mcp-Session-Id header" });

const McpToolsListRequest = request("tools/list", z.object({ cursor: z.string().optional() }).loose().optional()).meta({
  id: "McpToolsListRequest",
  description: "Lists the tools with their input schemas",
});

const McpToolsCallRequest = request(
  "tools/call",
  z
    .object({
      name: z.string().meta({
        description: "A tool from tools/list: get_business, search_reviews, ...",
        examples: ["search_reviews"],
      }),
      arguments: AnyObject.meta({
        description: `The tool's arguments. get_business: {}. search_reviews: the search endpoint's parameters as JSON values, e.g. {"rating": 5, "limit": 10} (limit 1-${LIMIT_MAX}, default ${LIMIT_DEFAULT}).`,
      }),
    })
    .loose(),
).meta({ id: "McpToolsCallRequest", description: "Calls a read-only tool" });

const McpNotification = z
  .object({
    jsonrpc: JsonRpcVersion,
    method: z.string().meta({ examples: ["notifications/initialized"] }),
    params: AnyObject.optional(),
  })
  .strict()
  .meta({
    id: "McpNotification",
    description:
      "A JSON-RPC notification (no id), such as notifications/initialized after initialize; answered 202 with no body",
  });

export const McpMessage = z
  .union([McpInitializeRequest, McpToolsListRequest, McpToolsCallRequest, McpNotification])
  .meta({ id: "McpMessage", description: "One JSON-RPC 2.0 message from the client" });

const ImplementationInfo = z.object({ name: z.string(), version: z.string() }).loose();

const McpInitializeResult = z
  .object({
    protocolVersion: z.string(),
    capabilities: AnyObject,
    serverInfo: ImplementationInfo,
    instructions: z.string().optional(),
  })
  .loose()
  .meta({ id: "McpInitializeResult", description: "Result of initialize" });

const McpToolsListResult = z
  .object({
    tools: z.array(z.object({ name: z.string(), description: z.string().optional(), inputSchema: AnyObject }).loose()),
    nextCursor: z.string().optional(),
  })
  .loose()
  .meta({ id: "McpToolsListResult", description: "Result of tools/list" });

const McpCallToolResult = z
  .object({
    content: z.array(z.object({ type: z.string().meta({ examples: ["text"] }), text: z.string().optional() }).loose()),
    structuredContent: AnyObject.optional(),
    isError: z
      .boolean()
      .optional()
      .meta({ description: "True when the tool failed: a tool failure is a result, not a JSON-RPC error" }),
  })
  .loose()
  .meta({ id: "McpCallToolResult", description: "Result of tools/call" });

const McpResultResponse = z
  .object({
    jsonrpc: JsonRpcVersion,
    id: JsonRpcId,
    result: z.union([McpInitializeResult, McpToolsListResult, McpCallToolResult]),
  })
  .strict()
  .meta({ id: "McpResultResponse", description: "A successful JSON-RPC response" });

export const JsonRpcErrorResponse = z
  .object({
    jsonrpc: JsonRpcVersion,
    id: JsonRpcId.nullable().meta({ description: "The request's id; null when it could not be read" }),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).strict(),
  })
  .strict()
  .meta({ id: "JsonRpcErrorResponse", description: "A JSON-RPC error response" });

export const McpResponse = z
  .union([McpResultResponse, JsonRpcErrorResponse])
  .meta({ id: "McpResponse", description: "One JSON-RPC 2.0 message from the server" });
