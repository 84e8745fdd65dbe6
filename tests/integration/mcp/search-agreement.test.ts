// search_reviews over MCP and GET /api/reviews/search over HTTP give the same answer for the same inputs (one
// implementation serves both): a table of cases, paging, and fuzzed combinations, refusals included.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import type { Connected, McpSidecar } from "./helpers.ts";
import { callTool, connect, searchOverHttp, startMcpSidecar, toParams } from "./helpers.ts";

type Json = Record<string, unknown>;

let sc: McpSidecar;
let conn: Connected;
let technician: string;

before(async () => {
  sc = await startMcpSidecar();
  conn = await connect(sc.mcp);
  const dataset = (await (await fetch(`${sc.url}/reviews.json`)).json()) as {
    business: { technicians: { name: string }[] };
  };
  technician = dataset.business.technicians[0]!.name;
});
after(async () => {
  await conn?.close();
  await sc?.stop();
});

const call = (name: string, args: Json = {}) => callTool(conn.client, name, args);

/** The tool's answer is the HTTP envelope plus `next`, the one-line hint that is there exactly when a next page is. */
function envelope(mcp: unknown): Json {
  const { next, ...rest } = mcp as Json;
  if (rest["next_cursor"] === null) assert.equal(next, null);
  else assert.match(String(next), /^call search_reviews with cursor set to next_cursor$/);
  return rest;
}
const httpSearch = (params: URLSearchParams) => searchOverHttp(sc.url, params);

describe("search_reviews agrees with GET /api/reviews/search", () => {
  const table: Json[] = [
    {},
    { rating: 5, limit: 10 },
    { min_rating: 3.5, since: "2023-01-01", until: "2024-12-31" },
    { query: "  On   TIME  ", limit: 7 },
    { query: "" },
    { mentions_technician: "rosa", mentions_service: "drain cleaning" },
    { mentions_technician: "José", mentions_service: "WATER HEATER" },
    { aspect: "punctuality", aspect_sentiment: "negative" },
    { sentiment: "mixed", limit: 100 },
    { rating: 1, query: "late" },
    { max_rating: 2, since: "2024-01-01" },
    { min_rating: 2, max_rating: 3.5, limit: 50 },
  ];
  for (const args of table) {
    it(`same reviews, same order: ${JSON.stringify(args)}`, async () => {
      const mcp = await call("search_reviews", args);
      const http = await httpSearch(toParams(args));
      assert.equal(http.status, 200);
      assert.deepEqual(envelope(mcp), http.body);
    });
  }

  it("refuses a technician or service that names no catalog entry over both, naming it and the known names", async () => {
    const args = { mentions_technician: "nobody at all" };
    const http = await httpSearch(toParams(args));
    assert.equal(http.status, 400);
    const issues = http.body["issues"] as { path: string[]; message: string }[];
    assert.deepEqual(
      issues.map((i) => i.path),
      [["mentions_technician"]],
    );
    const r = await conn.client.callTool({ name: "search_reviews", arguments: args });
    assert.equal(r.isError, true);
    assert.ok((r.content as { text: string }[])[0]!.text.includes(`- mentions_technician: ${issues[0]!.message}`));
  });

  // Aspect ids carry underscores (work_quality): MCP clients check structuredContent against the output schema.
  it("an aspect id with an underscore", async () => {
    const args = { aspect: "work_quality", limit: 3 };
    const mcp = await call("search_reviews", args);
    assert.deepEqual(envelope(mcp), (await httpSearch(toParams(args))).body);
    assert.deepEqual((mcp as { filters: { aspect: unknown } }).filters.aspect, {
      input: "work_quality",
      resolved: "work_quality",
    });
  });

  it("paging: following next_cursor gives the same pages over both", async () => {
    const args = { min_rating: 4, mentions_technician: technician, limit: 9 };
    let mcp = await call("search_reviews", args);
    let http = (await httpSearch(toParams(args))).body;
    let pages = 1;
    while (http["next_cursor"] !== null && pages < 100) {
      assert.deepEqual(envelope(mcp), http);
      mcp = await call("search_reviews", { cursor: mcp["next_cursor"], limit: 9 });
      http = (await httpSearch(new URLSearchParams({ cursor: http["next_cursor"] as string, limit: "9" }))).body;
      pages++;
    }
    assert.deepEqual(envelope(mcp), http);
    assert.ok(pages > 2, `only ${pages} pages`);
  });

  it("any combination of arguments: both answer the same reviews, or both refuse (fuzzed)", async () => {
    const date = fc.oneof(
      fc.constantFrom("2022-01-01", "2023-06-15", "2024-02-29", "2024-02-30", "2025-12-31", "2026-03-29"),
      fc.constant("20xx"),
    );
    const args = fc.record(
      {
        rating: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(4.5)),
        min_rating: fc.oneof(fc.constantFrom(1, 2.5, 3.5, 4, 5), fc.double({ min: 0, max: 6, noNaN: true })),
        max_rating: fc.oneof(fc.constantFrom(1, 2, 3.5, 5), fc.double({ min: 0, max: 6, noNaN: true })),
        since: date,
        until: date,
        query: fc.constantFrom("", " ", "the", "on time", "LATE", "water heater", "é", "zzzz"),
        mentions_technician: fc.constantFrom("Rosa", "mike", "zoe-lindqvist", "nobody", ""),
        mentions_service: fc.constantFrom("drain cleaning", "water-heater-repair", "tankless", "roofing"),
        aspect: fc.constantFrom("punctuality", "Pricing", "COMMUNICATION", "work_quality", "vibes"),
        aspect_sentiment: fc.constantFrom("positive", "neutral", "negative"),
        sentiment: fc.constantFrom("positive", "neutral", "negative", "mixed"),
        limit: fc.integer({ min: 0, max: 101 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(args, async (a) => {
        const r = await conn.client.callTool({ name: "search_reviews", arguments: a });
        const http = await httpSearch(toParams(a));
        if (http.status === 200) {
          assert.notEqual(r.isError, true, `MCP refused what HTTP answered: ${JSON.stringify(r.content)}`);
          assert.deepEqual(envelope(r.structuredContent), http.body);
        } else {
          assert.equal(r.isError, true, `MCP answered what HTTP refused (${JSON.stringify(http.body)})`);
          const named = new Set((http.body["issues"] as { path: string[] }[]).map((i) => i.path[0]));
          const text = (r.content as { text: string }[])[0]!.text;
          assert.ok(
            [...named].some((p) => text.includes(`- ${p}:`)),
            `${text} names none of ${[...named].join(",")}`,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});
