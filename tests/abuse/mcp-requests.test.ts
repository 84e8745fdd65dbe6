// Malformed MCP requests over HTTP are the client's mistakes: -32600 for a request of the wrong shape, -32602 for bad
// params, a tool result with isError for bad tool arguments; never -32603, a parse error for valid JSON, a zod dump or
// a stack overflow in the log.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type McpSidecar, openSession, post, type Reply, startMcpSidecar } from "../integration/mcp/helpers.ts";

let sc: McpSidecar;
let headers: Record<string, string>;

before(async () => {
  sc = await startMcpSidecar();
  const { id, negotiated } = await openSession(sc.mcp);
  headers = { "mcp-session-id": id, "mcp-protocol-version": negotiated };
});
after(async () => {
  await sc?.stop();
});

const request = (method: unknown, params?: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 7,
  method,
  ...(params === undefined ? {} : { params }),
  ...extra,
});
const call = (name: string, args: unknown) => request("tools/call", { name, arguments: args });
const nested = (depth: number, leaf = "1") => `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;

/** Nothing a library says to itself: no zod issue list, no error class names, no "internal". */
function assertClean(text: string) {
  assert.doesNotMatch(text, /\[\s*\{|"code":\s*"|invalid_type|invalid_value|Zod|RangeError|stack|Internal error/);
}

function rpcErrorOf(r: Reply) {
  assert.equal(r.messages.length, 1, r.text);
  assert.equal(r.messages[0]!["id"], 7, "the answer carries the request's id");
  const error = r.messages[0]!["error"] as { code: number; message: string } | undefined;
  assert.ok(error, `expected a JSON-RPC error, got ${r.text}`);
  assertClean(error.message);
  return error;
}

async function expectError(body: unknown, status: number, code: number, kind: RegExp, says: RegExp) {
  const r = await post(sc.mcp, body, headers);
  assert.equal(r.status, status);
  const error = rpcErrorOf(r);
  assert.equal(error.code, code);
  assert.match(error.message, kind);
  assert.match(error.message, says);
}

describe("a request of the wrong shape is -32600 (HTTP 400), never a parse error", () => {
  for (const [label, body, says] of [
    ["params: []", request("tools/list", []), /params must be an object .*got \[\]/],
    [
      "params: a deep array (sent as text)",
      `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":${"[".repeat(9000)}${"]".repeat(9000)}}`,
      /got an array$/,
    ],
    ["params: null", request("tools/list", null), /params must be an object .*got null/],
    ["params: a string", request("tools/call", "search_reviews"), /params must be an object .*got "search_reviews"/],
    ["params: a number", request("ping", 5), /params must be an object/],
    ["a method that is not a string", request(5), /expected one JSON-RPC 2\.0 message/],
    ["an unknown member", request("ping", undefined, { extra: true }), /unknown member extra/],
    [
      "nesting outside params",
      request("ping", undefined, { x: JSON.parse(nested(80)) }),
      /x\.a\.a\.\.\.: nested deeper than 64/,
    ],
  ] as const) {
    it(label, () => expectError(body, 400, -32600, /^Invalid Request: /, says));
  }
});

describe("bad params are -32602, saying which member and the rule", () => {
  for (const [label, body, says] of [
    ["tools/call without params", request("tools/call"), /tools\/call: params: required: expected an object/],
    ["tools/call with a numeric name", request("tools/call", { name: 5 }), /params\.name: expected a string, got 5/],
    ["tools/call of an unknown tool", call("no_such_tool", {}), /Unknown tool: no_such_tool\. tools\/list names/],
    ["tools/list with a numeric cursor", request("tools/list", { cursor: 1 }), /params\.cursor: expected a string/],
    ["resources/read without params", request("resources/read"), /resources\/read: params: required/],
    ["resources/read with a numeric uri", request("resources/read", { uri: 3 }), /params\.uri: expected a string/],
    ["prompts/get without a name", request("prompts/get", {}), /params\.name: required: expected a string/],
    [
      "prompts/get with non-string arguments",
      request("prompts/get", { name: "x", arguments: { a: 1 } }),
      /params\.arguments\.a: expected a string/,
    ],
    [
      "completion/complete with a bad ref",
      request("completion/complete", { ref: 1 }),
      /params\.ref: expected \{"type": "ref\/prompt"/,
    ],
    [
      "logging/setLevel with a bad level",
      request("logging/setLevel", { level: "loud" }),
      /params\.level: expected one of "debug", .*"emergency", got "loud"/,
    ],
    ["logging/setLevel without params", request("logging/setLevel"), /logging\/setLevel: params: required/],
    [
      "a progress token that is an object",
      request("tools/list", { _meta: { progressToken: {} } }),
      /params\._meta\.progressToken/,
    ],
    [
      "params nested 80 levels deep",
      request("tools/list", JSON.parse(nested(80))),
      /params\.a\.a\.\.\.: nested deeper than 64 levels/,
    ],
  ] as const) {
    it(label, () => expectError(body, 200, -32602, /^Invalid params: /, says));
  }
});

describe("a bad initialize is -32602 at the HTTP level (400), opening no session", () => {
  it("initialize without clientInfo", async () => {
    const r = await post(sc.mcp, request("initialize", { protocolVersion: "2025-06-18", capabilities: {} }));
    assert.equal(r.status, 400);
    assert.equal(r.headers.get("mcp-session-id"), null);
    const error = rpcErrorOf(r);
    assert.equal(error.code, -32602);
    assert.match(error.message, /^Invalid params: initialize: params\.clientInfo: required: expected an object$/);
  });
});

describe("bad tool arguments are the tool's result with isError, naming the argument and the rule", () => {
  for (const [label, body, says] of [
    ["arguments: []", call("search_reviews", []), /- arguments: expected an object of named arguments, got \[\]/],
    ["arguments: a string", call("get_business", "x"), /- arguments: expected an object of named arguments, got "x"/],
    ["arguments: null", call("search_reviews", null), /- arguments: expected an object of named arguments, got null/],
    [
      "an argument nested 80 levels deep",
      call("search_reviews", { query: JSON.parse(nested(80)) }),
      /- query: nested deeper than 64 levels/,
    ],
    [
      "a bad enum value",
      call("search_reviews", { sentiment: "angry" }),
      /- sentiment: expected one of positive, neutral, negative, mixed, got "angry"/,
    ],
    [
      "max_rating below min_rating",
      call("search_reviews", { min_rating: 4, max_rating: 2 }),
      /- max_rating: expected a rating of at least min_rating \(4\), got 2/,
    ],
  ] as const) {
    it(label, async () => {
      const r = await post(sc.mcp, body, headers);
      assert.equal(r.status, 200);
      assert.equal(r.messages.length, 1, r.text);
      const result = r.messages[0]!["result"] as { isError?: boolean; content: { text: string }[] } | undefined;
      assert.ok(result, `expected a tool result, got ${r.text}`);
      assert.equal(result.isError, true);
      assert.match(result.content[0]!.text, says);
      assertClean(result.content[0]!.text);
    });
  }
});

describe("bytes", () => {
  it("a body nested as deep as 1 MB allows is answered, not overflowing the stack", async () => {
    const depth = 200_000;
    const raw = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_reviews","arguments":{"query":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
    const r = await post(sc.mcp, raw, headers);
    assert.equal(r.status, 200);
    const result = r.messages[0]!["result"] as { isError: boolean; content: { text: string }[] };
    assert.equal(result.isError, true);
    assert.match(result.content[0]!.text, /- query: nested deeper than 64 levels/);
  });

  it("a notification nested too deep is refused at the HTTP level (400), with no id to answer", async () => {
    const r = await post(
      sc.mcp,
      { jsonrpc: "2.0", method: "notifications/progress", params: JSON.parse(nested(80)) },
      headers,
    );
    assert.equal(r.status, 400);
    assert.equal(r.messages[0]!["id"], null);
    assert.match((r.messages[0]!["error"] as { message: string }).message, /nested deeper than 64 levels/);
  });

  it("only bytes that are not JSON are a parse error (-32700)", async () => {
    const r = await post(sc.mcp, '{"jsonrpc": "2.0", "id": 7, "method": "ping"', headers);
    assert.equal(r.status, 400);
    assert.equal((r.messages[0]!["error"] as { code: number }).code, -32700);
  });

  it("nothing above was logged as a server error", () => {
    const errors = sc.logs.filter((l) => l.level === "error" || l.level === "warn");
    assert.deepEqual(errors, []);
  });
});
