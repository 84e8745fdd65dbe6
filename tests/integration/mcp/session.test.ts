// The /mcp endpoint over real HTTP: session lifecycle, protocol versions, headers, Origin/Host protection and malformed input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  connect,
  errorOf,
  initializeMessage,
  type McpSidecar,
  openSession,
  post,
  resultOf,
  send,
  startMcpSidecar,
  TEST_SITE,
} from "./helpers.ts";

let sc: McpSidecar;

before(async () => {
  sc = await startMcpSidecar();
});
after(async () => {
  await sc?.stop();
});

/** Every refusal is a JSON-RPC error object in a JSON body, never an HTML page. */
function assertRpcError(r: Awaited<ReturnType<typeof post>>, status: number, code: number) {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(r.messages[0]?.["jsonrpc"], "2.0");
  assert.equal(errorOf(r)?.code, code, r.text);
  assert.ok(errorOf(r)?.message);
}

describe("session lifecycle", () => {
  it("initialize answers over an event stream with an Mcp-Session-Id; the session serves requests until DELETE ends it", async () => {
    const { id } = await openSession(sc.mcp);
    assert.match(id, /^[\x21-\x7e]+$/);
    const ping = await post(
      sc.mcp,
      { jsonrpc: "2.0", id: 2, method: "ping" },
      { "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
    );
    assert.equal(ping.status, 200);
    assert.match(ping.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.deepEqual(ping.messages, [{ jsonrpc: "2.0", id: 2, result: {} }]);
    const del = await send(sc.mcp, "DELETE", { "mcp-session-id": id });
    assert.equal(del.status, 200);
    assertRpcError(
      await post(sc.mcp, { jsonrpc: "2.0", id: 3, method: "ping" }, { "mcp-session-id": id }),
      404,
      -32001,
    );
    assertRpcError(await send(sc.mcp, "DELETE", { "mcp-session-id": id }), 404, -32001);
  });

  it("the SDK client connects, lists and calls, and terminates its session", async () => {
    const c = await connect(sc.mcp);
    assert.equal(c.client.getServerVersion()?.name, "reviews-service");
    const caps = c.client.getServerCapabilities();
    assert.ok(caps?.tools && caps.resources && caps.prompts && caps.completions && caps.logging);
    assert.deepEqual(await c.client.setLoggingLevel("warning"), {});
    assert.deepEqual(await c.client.ping(), {});
    const id = c.transport.sessionId!;
    await c.transport.terminateSession();
    await c.close();
    assertRpcError(
      await post(sc.mcp, { jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-session-id": id }),
      404,
      -32001,
    );
  });

  it("requests other than initialize need a session: missing id is 400, unknown id is 404", async () => {
    assertRpcError(await post(sc.mcp, { jsonrpc: "2.0", id: 1, method: "tools/list" }), 400, -32000);
    assertRpcError(
      await post(sc.mcp, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { "mcp-session-id": "no-such-session" }),
      404,
      -32001,
    );
    assertRpcError(await send(sc.mcp, "GET", { accept: "text/event-stream" }), 400, -32000);
    assertRpcError(await send(sc.mcp, "DELETE"), 400, -32000);
  });

  it("GET opens the session's event stream (one at a time)", async () => {
    const { id } = await openSession(sc.mcp);
    const controller = new AbortController();
    const stream = await fetch(sc.mcp, {
      headers: { accept: "text/event-stream", "mcp-session-id": id },
      signal: controller.signal,
    });
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get("content-type") ?? "", /^text\/event-stream/);
    assertRpcError(await send(sc.mcp, "GET", { accept: "text/event-stream", "mcp-session-id": id }), 409, -32000);
    controller.abort();
    await send(sc.mcp, "DELETE", { "mcp-session-id": id });
  });

  it("a second initialize on a session is refused", async () => {
    const { id } = await openSession(sc.mcp);
    assertRpcError(await post(sc.mcp, initializeMessage(), { "mcp-session-id": id }), 400, -32600);
  });
});

describe("protocol versions", () => {
  for (const [asked, answered] of [
    ["2025-11-25", "2025-11-25"],
    ["2025-06-18", "2025-06-18"],
    ["2025-03-26", "2025-03-26"],
    ["2024-11-05", "2024-11-05"],
    ["1999-01-01", "2025-11-25"],
  ]) {
    it(`initialize asking ${asked} is answered ${answered}`, async () => {
      const { init } = await openSession(sc.mcp, asked);
      assert.equal(resultOf(init)?.["protocolVersion"], answered);
    });
  }

  it("MCP-Protocol-Version accepts every version the SDK knows and answers 400 to others", async () => {
    const { id } = await openSession(sc.mcp);
    for (const v of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"]) {
      const r = await post(
        sc.mcp,
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { "mcp-session-id": id, "mcp-protocol-version": v },
      );
      assert.equal(r.status, 200, `${v}: ${r.text}`);
    }
    for (const v of ["2026-01-01", "latest", "2025-6-18"]) {
      assertRpcError(
        await post(
          sc.mcp,
          { jsonrpc: "2.0", id: 1, method: "ping" },
          { "mcp-session-id": id, "mcp-protocol-version": v },
        ),
        400,
        -32000,
      );
    }
  });

  it("an initialize without its required params is -32602, and opens no session", async () => {
    const r = await post(sc.mcp, { jsonrpc: "2.0", id: 7, method: "initialize", params: { capabilities: {} } });
    assertRpcError(r, 400, -32602);
    assert.equal(r.messages[0]?.["id"], 7);
    assert.equal(r.headers.get("mcp-session-id"), null);
  });
});

describe("malformed requests get JSON-RPC errors as JSON", () => {
  it("a body that is not JSON: 400, -32700", async () => {
    for (const body of ["{nope", "", "<html></html>", '{"jsonrpc":"2.0",'])
      assertRpcError(await post(sc.mcp, body), 400, -32700);
  });

  it("a JSON array (a batch, removed in 2025-06-18): 400, -32600, with or without a session", async () => {
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 2, method: "ping" },
    ];
    assertRpcError(await post(sc.mcp, batch), 400, -32600);
    assertRpcError(await post(sc.mcp, [initializeMessage()]), 400, -32600);
    const { id } = await openSession(sc.mcp);
    assertRpcError(await post(sc.mcp, batch, { "mcp-session-id": id }), 400, -32600);
    assertRpcError(await post(sc.mcp, [], { "mcp-session-id": id }), 400, -32600);
  });

  it("JSON that is not a JSON-RPC message: 400, -32600", async () => {
    for (const body of [
      {},
      { jsonrpc: "1.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: {}, method: "ping" },
      "42",
      "null",
      '"ping"',
    ])
      assertRpcError(await post(sc.mcp, body), 400, -32600);
  });

  it("Accept without both media types: 406; Content-Type not JSON: 415; other methods: 405", async () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    assertRpcError(await post(sc.mcp, ping, { accept: "application/json" }), 406, -32000);
    assertRpcError(await post(sc.mcp, ping, { accept: "text/event-stream" }), 406, -32000);
    assertRpcError(await post(sc.mcp, ping, { "content-type": "text/plain" }), 415, -32000);
    const put = await send(sc.mcp, "PUT");
    assertRpcError(put, 405, -32000);
    assert.equal(put.headers.get("allow"), "GET, POST, DELETE, OPTIONS");
    const { id } = await openSession(sc.mcp);
    assertRpcError(await send(sc.mcp, "GET", { accept: "application/json", "mcp-session-id": id }), 406, -32000);
  });

  it("a body over 1 MiB: 413, with a Content-Length or chunked", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1024 * 1024) } });
    assertRpcError(await post(sc.mcp, big), 413, -32600);
    const chunked = (text: string) =>
      fetch(sc.mcp, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: new Blob([text]).stream(),
        duplex: "half",
      } as RequestInit);
    assert.equal((await chunked(big)).status, 413);
    const small = await chunked(JSON.stringify(initializeMessage()));
    assert.equal(small.status, 200);
    assert.ok(small.headers.get("mcp-session-id"));
  });
});

describe("DNS-rebinding protection, CORS and authentication", () => {
  const ping = { jsonrpc: "2.0", id: 1, method: "ping" };

  it("a Host that is neither the site's nor a loopback name: 421", async () => {
    for (const host of ["evil.example.com", "reviews.example.test.evil.com", "127.0.0.1.nip.io:4321"]) {
      const res = await rawPost(sc.mcp, host, JSON.stringify(initializeMessage()));
      assert.equal(res.status, 421, host);
      assert.equal((JSON.parse(res.body) as { error: { code: number } }).error.code, -32000);
    }
  });

  it("the site's host and loopback names are served", async () => {
    for (const host of [
      new URL(TEST_SITE).host,
      "localhost",
      `localhost:${new URL(sc.url).port}`,
      "127.0.0.1:9",
      "[::1]:4321",
    ]) {
      const res = await rawPost(sc.mcp, host, JSON.stringify(initializeMessage()));
      assert.equal(res.status, 200, host);
    }
  });

  it("an Origin that is not allowed: 403; the site's origin and same-origin pages are served, with CORS headers", async () => {
    for (const origin of [
      "https://evil.example.com",
      "null",
      "http://localhost:1",
      "https://reviews.example.test.evil.com",
    ]) {
      assertRpcError(await post(sc.mcp, initializeMessage(), { origin }), 403, -32000);
    }
    for (const origin of [TEST_SITE, sc.url]) {
      const r = await post(sc.mcp, initializeMessage(), { origin });
      assert.equal(r.status, 200, origin);
      assert.equal(r.headers.get("access-control-allow-origin"), origin);
      assert.match(r.headers.get("access-control-expose-headers") ?? "", /Mcp-Session-Id/);
    }
    const preflight = await send(sc.mcp, "OPTIONS", { origin: TEST_SITE, "access-control-request-method": "POST" });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /Mcp-Session-Id/);
    assert.equal((await send(sc.mcp, "OPTIONS", { origin: "https://evil.example.com" })).status, 403);
  });

  it("an Authorization header is ignored", async () => {
    const { id } = await openSession(sc.mcp, "2025-06-18", { authorization: "Bearer not-a-token" });
    const r = await post(sc.mcp, ping, { "mcp-session-id": id, authorization: "Basic Zm9vOmJhcg==" });
    assert.equal(r.status, 200);
  });
});

/** A POST with a chosen Host header (fetch does not let one set it). */
async function rawPost(url: string, host: string, body: string): Promise<{ status: number; body: string }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { host, "content-type": "application/json", accept: "application/json, text/event-stream" },
      },
      (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: data }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
