// Clients of the older 2025 revisions: 2025-03-26 and 2024-11-05 are answered with the version they ask for (they
// disconnect when answered a newer one), and a 2025-03-26 session may send JSON-RPC batches, as that revision requires.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { callTool, errorOf, type McpSidecar, openSession, post, startMcpSidecar } from "./helpers.ts";

let sc: McpSidecar;

before(async () => {
  sc = await startMcpSidecar();
});
after(async () => {
  await sc?.stop();
});

/** The 1.x SDK client always asks for its latest revision; this transport asks for `version` instead, as an older client would. */
class PinnedTransport extends StreamableHTTPClientTransport {
  readonly version: string;
  constructor(url: URL, version: string) {
    super(url);
    this.version = version;
  }
  override send(message: JSONRPCMessage, options?: Parameters<StreamableHTTPClientTransport["send"]>[1]) {
    if ("method" in message && message.method === "initialize")
      return super.send({ ...message, params: { ...message.params, protocolVersion: this.version } }, options);
    return super.send(message, options);
  }
}

describe("older protocol versions", () => {
  for (const version of ["2025-03-26", "2024-11-05"]) {
    it(`the 1.x SDK client asking ${version} is answered ${version}, and lists and calls tools`, async () => {
      const client = new Client({ name: "older-client-it", version: "1.0.0" });
      const transport = new PinnedTransport(new URL(sc.mcp), version);
      await client.connect(transport);
      try {
        assert.equal(transport.protocolVersion, version);
        assert.ok((await client.listTools()).tools.some((t) => t.name === "get_business"));
        const business = await callTool(client, "get_business");
        assert.ok(business["business"] ?? business["name"], JSON.stringify(business).slice(0, 200));
      } finally {
        await client.close();
      }
    });
  }
});

describe("JSON-RPC batches", () => {
  const pings = [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
  ];

  it("a 2025-03-26 session's batch is answered message by message", async () => {
    const { id } = await openSession(sc.mcp, "2025-03-26");
    const r = await post(sc.mcp, pings, { "mcp-session-id": id, "mcp-protocol-version": "2025-03-26" });
    assert.equal(r.status, 200, r.text);
    const byId = new Map(r.messages.map((m) => [m["id"], m]));
    assert.deepEqual(byId.get(1)?.["result"], {});
    assert.ok(Array.isArray((byId.get(2)?.["result"] as { tools?: unknown[] }).tools));
  });

  it("a session of a later revision, or none, is told batches belong to 2025-03-26 sessions", async () => {
    const { id } = await openSession(sc.mcp, "2025-06-18");
    for (const headers of [{ "mcp-session-id": id }, {}]) {
      const r = await post(sc.mcp, pings, headers);
      assert.equal(r.status, 400, r.text);
      assert.equal(errorOf(r)?.code, -32600);
      assert.match(errorOf(r)!.message, /batches are taken only in a session of protocol version 2025-03-26/);
    }
  });

  it("a batch with a malformed message or an initialize is refused whole, naming what was wrong", async () => {
    const { id } = await openSession(sc.mcp, "2025-03-26");
    const headers = { "mcp-session-id": id, "mcp-protocol-version": "2025-03-26" };
    const bad = await post(sc.mcp, [pings[0], { jsonrpc: "2.0", id: 3, method: "ping", params: [1] }], headers);
    assert.equal(bad.status, 400, bad.text);
    assert.match(errorOf(bad)!.message, /^Batch element 1 refused: Invalid Request: params must be an object/);
    const init = await post(
      sc.mcp,
      [pings[0], { jsonrpc: "2.0", id: 4, method: "initialize", params: { protocolVersion: "2025-03-26" } }],
      headers,
    );
    assert.equal(init.status, 400, init.text);
    assert.equal(errorOf(init)?.code, -32600);
    const many = await post(
      sc.mcp,
      Array.from({ length: 101 }, (_, i) => ({ ...pings[0], id: i })),
      headers,
    );
    assert.match(errorOf(many)!.message, /not hold more than 100 messages/);
  });
});
