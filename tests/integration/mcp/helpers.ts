// Helpers of the MCP integration tests: the sidecar in-process on a random loopback port, SDK clients, raw JSON-RPC over HTTP.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";

export { TEST_SITE };

export type McpSidecar = Readonly<{
  url: string;
  mcp: string;
  distDir: string;
  logs: TestSidecar["logs"];
  stop: () => Promise<void>;
}>;

/** Starts the sidecar in-process on the sample release (or on `distDir`). */
export async function startMcpSidecar(env: Record<string, string> = {}, distDir?: string): Promise<McpSidecar> {
  const dist = distDir ?? (await sampleRelease());
  const sidecar = await startTestSidecar(dist, env);
  return { url: sidecar.url, mcp: `${sidecar.url}/mcp`, distDir: dist, logs: sidecar.logs, stop: sidecar.stop };
}

export type Connected = Readonly<{
  client: Client;
  transport: StreamableHTTPClientTransport;
  close: () => Promise<void>;
}>;

export async function connect(mcpUrl: string): Promise<Connected> {
  const client = new Client({ name: "reviews-it", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl));
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

export const JSON_AND_SSE = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export type Reply = { status: number; headers: Headers; text: string; messages: Record<string, unknown>[] };

/** POSTs `body` (a string is sent as is) and collects the JSON-RPC messages of a JSON or event-stream answer. */
export async function post(mcpUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(mcpUrl, {
    method: "POST",
    headers: { ...JSON_AND_SSE, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return reply(res);
}

export async function send(mcpUrl: string, method: string, headers: Record<string, string> = {}): Promise<Reply> {
  return reply(await fetch(mcpUrl, { method, headers }));
}

async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  let messages: Record<string, unknown>[] = [];
  if (type.startsWith("text/event-stream")) messages = sseData(text);
  else if (type.startsWith("application/json") && text) messages = [JSON.parse(text) as Record<string, unknown>];
  return { status: res.status, headers: res.headers, text, messages };
}

/** The JSON of each `data:` field of an event stream. */
export function sseData(text: string): Record<string, unknown>[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n"),
    )
    .filter((data) => data !== "")
    .map((data) => JSON.parse(data) as Record<string, unknown>);
}

export const initializeMessage = (protocolVersion = "2025-06-18", id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw-it", version: "1.0.0" } },
});

/** Opens a session over raw HTTP and confirms it (notifications/initialized); returns its id and the initialize answer. */
export async function openSession(
  mcpUrl: string,
  protocolVersion = "2025-06-18",
  headers: Record<string, string> = {},
) {
  const init = await post(mcpUrl, initializeMessage(protocolVersion), headers);
  const id = init.headers.get("mcp-session-id");
  if (init.status !== 200 || !id) throw new Error(`initialize answered ${init.status}: ${init.text}`);
  const negotiated =
    ((init.messages[0]?.["result"] as Record<string, unknown>)["protocolVersion"] as string) ?? protocolVersion;
  const ack = await post(
    mcpUrl,
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { "mcp-session-id": id, "mcp-protocol-version": negotiated, ...headers },
  );
  if (ack.status !== 202) throw new Error(`notifications/initialized answered ${ack.status}`);
  return { id, init, negotiated };
}

export const errorOf = (r: Reply) => r.messages[0]?.["error"] as { code: number; message: string } | undefined;
export const resultOf = (r: Reply) => r.messages[0]?.["result"] as Record<string, unknown> | undefined;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls a tool that must succeed; its result carries structuredContent and the same JSON as text, which is returned. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = await client.callTool({ name, arguments: args });
  assert.notEqual(r.isError, true, `${name} failed: ${JSON.stringify(r.content)}`);
  const content = r.content as { type: string; text: string }[];
  assert.equal(content.length, 1);
  assert.equal(content[0]!.type, "text");
  assert.deepEqual(JSON.parse(content[0]!.text), r.structuredContent);
  return r.structuredContent as Record<string, unknown>;
}

/** GET /api/reviews/search with `params`: the status and the JSON body. */
export async function searchOverHttp(siteUrl: string, params: URLSearchParams) {
  const res = await fetch(`${siteUrl}/api/reviews/search?${params}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Tool arguments as the query parameters of the HTTP search. */
export const toParams = (args: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(args)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
