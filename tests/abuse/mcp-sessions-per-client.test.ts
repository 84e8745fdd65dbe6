// One client opening MCP sessions as fast as it can (defaults: 50 live, 60 a minute) is refused with 429 and Retry-After,
// while other clients (other loopback source addresses) still get in; before, it filled the whole cap and locked
// everyone out with 503 until the TTL.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { initializeMessage, type McpSidecar, startMcpSidecar } from "../integration/mcp/helpers.ts";

let sc: McpSidecar;

before(async () => {
  sc = await startMcpSidecar();
});
after(async () => {
  await sc?.stop();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request to /mcp from the source address `from` (a client of its own, as far as the server can tell). */
function request(from: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${sc.mcp}`, { method, headers, localAddress: from, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const initialize = (from: string) =>
  request(
    from,
    "POST",
    { "content-type": "application/json", accept: "application/json, text/event-stream" },
    {
      ...initializeMessage(),
    },
  );
const end = (from: string, id: string) => request(from, "DELETE", { "mcp-session-id": id });

/** Opens sessions from `from` until one is refused (at most `bound` tries); returns the ids and the refusal. */
async function openUntilRefused(from: string, bound: number) {
  const ids: string[] = [];
  for (let i = 0; i < bound; i++) {
    const answer = await initialize(from);
    if (answer.status !== 200) return { ids, refused: answer };
    ids.push(String(answer.headers["mcp-session-id"]));
  }
  return { ids, refused: undefined };
}

function assertTooMany(answer: Answer | undefined, maxRetryAfter: number, pattern: RegExp) {
  assert.ok(answer, "never refused");
  assert.equal(answer.status, 429, answer.body);
  const error = (JSON.parse(answer.body) as { error: { code: number; message: string } }).error;
  assert.equal(error.code, -32000);
  assert.match(error.message, pattern);
  const retryAfter = Number(answer.headers["retry-after"]);
  assert.ok(retryAfter >= 1 && retryAfter <= maxRetryAfter, `Retry-After ${answer.headers["retry-after"]}`);
}

describe("sessions per client", () => {
  it("one address gets 50 live sessions, then 429 until one frees, while another address still gets in", async () => {
    const greedy = await openUntilRefused("127.0.0.2", 200);
    assert.equal(greedy.ids.length, 50);
    assertTooMany(greedy.refused, 1800, /holds too many open MCP sessions/);

    const other = await initialize("127.0.0.3");
    assert.equal(other.status, 200, other.body);
    assert.ok(other.headers["mcp-session-id"]);

    // Ending one of its sessions frees a slot for the same address.
    assert.equal((await end("127.0.0.2", greedy.ids.pop()!)).status, 200);
    const again = await initialize("127.0.0.2");
    assert.equal(again.status, 200, again.body);
    greedy.ids.push(String(again.headers["mcp-session-id"]));
    for (const id of greedy.ids) await end("127.0.0.2", id);
  });

  it("an address that opens and ends sessions is held to 60 new ones a minute, others are not", async () => {
    let opened = 0;
    let refused: Answer | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const answer = await initialize("127.0.0.5");
      if (answer.status !== 200) refused = answer;
      else {
        opened++;
        assert.equal((await end("127.0.0.5", String(answer.headers["mcp-session-id"]))).status, 200);
      }
    }
    assert.equal(opened, 60);
    assertTooMany(refused, 60, /opens MCP sessions too fast/);
    assert.equal((await initialize("127.0.0.4")).status, 200);
  });
});
