// Both protocol generations on one /mcp, each driven by its official client: the 1.x SDK Client opens a 2025 session,
// the v2 Client speaks 2026-07-28 without one; the same calls give the same answers, and each generation gets its own
// protocol (session id and initialize, or per-request _meta with cache fields and no session).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { connect, type Connected, JSON_AND_SSE, type McpSidecar, post, startMcpSidecar } from "./helpers.ts";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw-it", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const modernHeaders = (method: string) => ({ "mcp-protocol-version": "2026-07-28", "mcp-method": method });

describe("2025 sessions and 2026-07-28 requests on the same /mcp", () => {
  let sc: McpSidecar;
  let legacy: Connected;
  let modern: ModernClient;

  before(async () => {
    sc = await startMcpSidecar();
    legacy = await connect(sc.mcp);
    modern = new ModernClient({ name: "reviews-it-2026", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await modern.connect(new ModernTransport(new URL(sc.mcp)));
  });
  after(async () => {
    await legacy?.close();
    await modern?.close();
    await sc?.stop();
  });

  it("each client speaks its own generation", () => {
    assert.equal(modern.getNegotiatedProtocolVersion(), "2026-07-28");
    assert.ok(legacy.transport.sessionId, "the 2025 client holds a session");
    assert.match(legacy.client.getServerVersion()?.name ?? "", /reviews-service/);
  });

  it("the same tool call gives the same result on both", async () => {
    const calls = [
      { name: "search_reviews", arguments: { rating: 5, limit: 3 } },
      { name: "get_business", arguments: {} },
      { name: "search_reviews", arguments: { rating: 9 } },
    ];
    for (const call of calls) {
      const a = await legacy.client.callTool(call);
      const b = await modern.callTool(call);
      assert.deepEqual(
        { content: b.content, structuredContent: b.structuredContent, isError: b.isError },
        { content: a.content, structuredContent: a.structuredContent, isError: a.isError },
        JSON.stringify(call),
      );
    }
  });

  it("tools, resources and prompts are the same lists, tools in the same stable order", async () => {
    const [a, b, again] = [await legacy.client.listTools(), await modern.listTools(), await modern.listTools()];
    assert.deepEqual(
      b.tools.map((t) => t.name),
      a.tools.map((t) => t.name),
    );
    assert.deepEqual(again.tools, b.tools);
    assert.deepEqual((await modern.listResources()).resources, (await legacy.client.listResources()).resources);
    assert.deepEqual((await modern.listPrompts()).prompts, (await legacy.client.listPrompts()).prompts);
  });

  it("a 2026-07-28 request needs no session, answers JSON with resultType and public cache fields", async () => {
    for (const method of ["tools/list", "resources/list", "prompts/list", "server/discover"]) {
      const r = await post(sc.mcp, { jsonrpc: "2.0", id: 1, method, params: { _meta: META } }, modernHeaders(method));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.headers.get("mcp-session-id"), null);
      const result = r.messages[0]?.["result"] as Record<string, unknown>;
      assert.equal(result["resultType"], "complete", method);
      assert.equal(result["cacheScope"], "public", method);
      assert.equal(result["ttlMs"], 300_000, method);
    }
  });

  it("server/discover names this server and the 2026-07-28 revision", async () => {
    const r = await post(
      sc.mcp,
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } },
      modernHeaders("server/discover"),
    );
    const result = r.messages[0]?.["result"] as Record<string, unknown>;
    assert.deepEqual(result["supportedVersions"], ["2026-07-28"]);
    const meta = result["_meta"] as Record<string, { name: string }>;
    assert.equal(meta["io.modelcontextprotocol/serverInfo"]?.name, "reviews-service");
  });

  it("an unsupported version is -32022 naming the supported one; headers that disagree with the body are -32020", async () => {
    const future = { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" };
    const r = await post(
      sc.mcp,
      { jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: future } },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    );
    assert.equal(r.status, 400);
    const error = r.messages[0]?.["error"] as { code: number; data: { supported: string[] } };
    assert.equal(error.code, -32022);
    assert.deepEqual(error.data.supported, ["2026-07-28"]);

    const m = await post(
      sc.mcp,
      { jsonrpc: "2.0", id: 8, method: "tools/list", params: { _meta: META } },
      modernHeaders("prompts/list"),
    );
    assert.equal(m.status, 400);
    assert.equal((m.messages[0]?.["error"] as { code: number }).code, -32020);
  });

  it("a 2025 request without a session is still told to initialize; a session id routes to the 2025 leg", async () => {
    const r = await post(sc.mcp, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    assert.equal(r.status, 400);
    assert.match(r.text, /initialize/);
    const s = await fetch(sc.mcp, {
      method: "POST",
      headers: { ...JSON_AND_SSE, "mcp-session-id": legacy.transport.sessionId! },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    assert.equal(s.status, 200);
    await s.body?.cancel();
  });
});
