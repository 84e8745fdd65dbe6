// The request check in front of the SDK: depth measured without recursion, each refusal of the right kind.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { screenRequest } from "../../../../sidecar/mcp/request-check.ts";
import { deepPath } from "../../../../sidecar/mcp/request-depth.ts";

const tools = { has: (n: string) => n === "search_reviews", names: ["search_reviews"] };
const req = (method: string, params?: unknown) => ({ jsonrpc: "2.0", id: 1, method, params });

describe("deepPath", () => {
  it("finds the first container past the limit, and none within it", () => {
    let v: unknown = 1;
    for (let i = 0; i < 64; i++) v = [v];
    assert.equal(deepPath(v), null);
    assert.deepEqual(deepPath([v]), Array(64).fill(0));
    assert.deepEqual(deepPath({ a: { b: [{}] } }, 3), ["a", "b", 0]);
  });

  it("measures 500,000 levels without overflowing the stack", () => {
    const value = JSON.parse(`${"[".repeat(500_000)}${"]".repeat(500_000)}`) as unknown;
    assert.equal(deepPath(value)?.length, 64);
  });
});

describe("screenRequest", () => {
  it("passes what the SDK answers well: good requests, unknown methods, notifications, responses", async () => {
    for (const m of [
      req("tools/list"),
      req("tools/call", { name: "search_reviews", arguments: { rating: 9 } }),
      req("no/such/method", { any: [1] }),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 1, result: {} },
    ])
      assert.deepEqual(await screenRequest(m, tools), { ok: true }, JSON.stringify(m));
  });

  it("refuses by kind: the request's shape, its params, a known tool's arguments", async () => {
    assert.equal(((await screenRequest(req("ping", []), tools)) as { code: number }).code, -32600);
    assert.equal(
      ((await screenRequest(req("tools/call", { name: "nope", arguments: [] }), tools)) as { code: number }).code,
      -32602,
    );
    assert.deepEqual(await screenRequest(req("tools/call", { name: "search_reviews", arguments: [] }), tools), {
      ok: false,
      tool: "search_reviews",
      argument: "arguments",
      rule: "expected an object of named arguments, got []",
    });
  });
});
