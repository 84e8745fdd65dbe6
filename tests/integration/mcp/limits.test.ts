// Bounded sessions over real HTTP: the idle TTL closes sessions (and their streams), the cap answers 503 until one ends.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  errorOf,
  initializeMessage,
  type McpSidecar,
  openSession,
  post,
  send,
  sleep,
  startMcpSidecar,
} from "./helpers.ts";

const TTL_SECONDS = 2;
const MAX = 3;
let sc: McpSidecar;

before(async () => {
  sc = await startMcpSidecar({ MCP_SESSION_TTL: String(TTL_SECONDS), MCP_MAX_SESSIONS: String(MAX) });
});
after(async () => {
  await sc?.stop();
});

const ping = (id: string) => post(sc.mcp, { jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-session-id": id });

describe("session cap", () => {
  it(`allows ${MAX} sessions, answers the next initialize 503 with a JSON-RPC error, and has room again once one ends`, async () => {
    const ids = [];
    for (let i = 0; i < MAX; i++) ids.push((await openSession(sc.mcp)).id);
    const refused = await post(sc.mcp, initializeMessage("2025-06-18", 9));
    assert.equal(refused.status, 503);
    assert.match(refused.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(errorOf(refused)?.code, -32000);
    assert.equal(refused.messages[0]?.["id"], 9);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    // Existing sessions keep working at the cap.
    assert.equal((await ping(ids[0]!)).status, 200);
    assert.equal((await send(sc.mcp, "DELETE", { "mcp-session-id": ids[0]! })).status, 200);
    const { id } = await openSession(sc.mcp);
    for (const s of [...ids.slice(1), id]) await send(sc.mcp, "DELETE", { "mcp-session-id": s });
  });
});

describe("idle TTL", () => {
  it("a session used within the TTL stays; an idle one gets 404 and its event stream is ended by the sweeper", async () => {
    const busy = await openSession(sc.mcp);
    const idle = await openSession(sc.mcp);
    const stream = await fetch(sc.mcp, { headers: { accept: "text/event-stream", "mcp-session-id": idle.id } });
    assert.equal(stream.status, 200);
    const ended = stream.text().then(() => Date.now());
    const start = Date.now();
    for (let i = 0; i < 6; i++) {
      await sleep(500);
      assert.equal((await ping(busy.id)).status, 200, `busy session, ping ${i}`);
    }
    // The sweeper runs every TTL/2: the idle session's stream ends within TTL + TTL/2 and a bit.
    const endedAt = await Promise.race([ended, sleep(TTL_SECONDS * 2000).then(() => null)]);
    assert.ok(endedAt !== null, "the idle session's event stream was not ended");
    assert.ok(endedAt - start >= TTL_SECONDS * 1000 - 100, `ended after ${endedAt - start} ms, before the TTL`);
    const gone = await ping(idle.id);
    assert.equal(gone.status, 404);
    assert.equal(errorOf(gone)?.code, -32001);
    assert.ok(sc.logs.some((l) => l.msg.includes("MCP sessions closed after their idle TTL")));
    await send(sc.mcp, "DELETE", { "mcp-session-id": busy.id });
  });

  it("abandoned sessions free their places in the cap once the TTL passes", async () => {
    for (let i = 0; i < MAX; i++) await openSession(sc.mcp);
    assert.equal((await post(sc.mcp, initializeMessage())).status, 503);
    await sleep(TTL_SECONDS * 1000 + 1500);
    assert.equal((await openSession(sc.mcp)).init.status, 200);
  });
});
