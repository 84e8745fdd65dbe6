// Every MCP tool over real HTTP with the SDK's client (which checks structuredContent against each outputSchema): the
// tool list, happy paths, bad arguments and unknown tools. search-agreement.test.ts holds search_reviews against HTTP.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { callTool, connect, type Connected, type McpSidecar, searchOverHttp, startMcpSidecar } from "./helpers.ts";

type Json = Record<string, unknown>;
type Review = {
  id: string;
  date: string;
  rating: number;
  text: string | null;
  mentions: { technicians: string[]; services: string[] };
  aspects: { aspect: string; sentiment: string; evidence: string }[];
};

let sc: McpSidecar;
let conn: Connected;
let dataset: {
  business: Json & {
    id: string;
    technicians: { id: string; name: string; aliases: string[] }[];
    services: { id: string; name: string }[];
  };
  aggregate_rating: Json;
  reviews: Review[];
};
let insights: Json & { aspects: (Json & { id: string; label: string })[] };

before(async () => {
  sc = await startMcpSidecar();
  conn = await connect(sc.mcp);
  dataset = await (await fetch(`${sc.url}/reviews.json`)).json();
  insights = await (await fetch(`${sc.url}/insights.json`)).json();
});
after(async () => {
  await conn?.close();
  await sc?.stop();
});

const call = (name: string, args: Json = {}) => callTool(conn.client, name, args);

/** Calls a tool that must refuse: isError with a text naming the argument and the rule. */
async function refuse(name: string, args: unknown): Promise<string> {
  const r = await conn.client.callTool({ name, arguments: args as Json });
  assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail`);
  assert.equal(r.structuredContent, undefined);
  return (r.content as { text: string }[])[0]!.text;
}

const ids = (reviews: unknown) => (reviews as { id: string }[]).map((r) => r.id);
const httpSearch = (params: URLSearchParams) => searchOverHttp(sc.url, params);

describe("tools/list", () => {
  it("lists 11 read-only tools, each with title, description, input and output schemas and annotations", async () => {
    const { tools } = await conn.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [
        "get_business",
        "search_reviews",
        "get_reviews_since",
        "get_review_changes",
        "get_review",
        "get_rating_summary",
        "get_insights",
        "get_aspect_sentiment",
        "get_technician",
        "list_technicians",
        "list_services",
      ],
    );
    for (const t of tools) {
      assert.ok(t.title && t.description && t.description.length > 80, t.name);
      assert.equal(t.inputSchema.type, "object");
      assert.equal(t.outputSchema?.type, "object");
      assert.equal(t.annotations?.readOnlyHint, true);
      assert.equal(t.annotations?.openWorldHint, false);
    }
  });

  it("is under 16 KB in all, in the same order every time", async () => {
    const first = await conn.client.listTools();
    const bytes = JSON.stringify(first).length;
    assert.ok(bytes < 16 * 1024, `tools/list is ${bytes} bytes`);
    assert.deepEqual(await conn.client.listTools(), first);
  });

  it("search_reviews takes exactly the HTTP search's parameters", async () => {
    const { SearchQueryParams } = await import("../../../src/lib/schema/search.ts");
    const { tools } = await conn.client.listTools();
    const search = tools.find((t) => t.name === "search_reviews")!;
    assert.deepEqual(
      Object.keys(search.inputSchema.properties ?? {}).sort(),
      Object.keys(SearchQueryParams.shape).sort(),
    );
  });

  it("an unknown tool is a JSON-RPC error -32602, not a tool result", async () => {
    await assert.rejects(
      conn.client.callTool({ name: "no_such_tool", arguments: {} }),
      (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32602);
        assert.match(err.message, /Unknown tool: no_such_tool/);
        return true;
      },
    );
  });
});

describe("tools: happy paths", () => {
  it("get_business: the business, its catalog, the aggregate rating of all reviews and the dataset URLs", async () => {
    const out = await call("get_business");
    assert.deepEqual(out["business"], dataset.business);
    assert.deepEqual(out["aggregate_rating"], dataset.aggregate_rating);
    assert.equal((out["links"] as Json)["reviews_dataset"], "https://reviews.example.test/reviews.json");
  });

  it("get_review: the published record, and its feed URN", async () => {
    const review = dataset.reviews[17]!;
    const out = await call("get_review", { id: review.id });
    assert.deepEqual(out["review"], review);
    assert.equal(out["urn"], `urn:reviews:${dataset.business.id}:${review.id}`);
  });

  it("get_reviews_since: the HTTP since answer, oldest first, in pages", async () => {
    const date = dataset.reviews[120]!.date;
    const http = (await (await fetch(`${sc.url}/api/reviews/since/${date}`)).json()) as {
      reviews: Review[];
      count: number;
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const out = await call("get_reviews_since", { date, limit: 37, ...(cursor ? { cursor } : {}) });
      assert.equal(out["total"], http.count);
      seen.push(...ids(out["reviews"]));
      if (out["next_cursor"] === null) {
        assert.equal(out["next"], null);
        break;
      }
      assert.equal(out["next"], `call get_reviews_since with date ${date} and cursor set to next_cursor`);
      cursor = out["next_cursor"] as string;
    }
    assert.deepEqual(seen, ids(http.reviews));
  });

  it("get_rating_summary: distribution, average and months add up; slices agree with search", async () => {
    const all = await call("get_rating_summary");
    const stats = all["stats"] as { count: number; distribution: Record<string, number>; average: number };
    assert.equal(stats.count, dataset.reviews.length);
    assert.deepEqual(stats.distribution, dataset.aggregate_rating["distribution"]);
    assert.equal(stats.average, dataset.aggregate_rating["average"]);
    const months = all["monthly"] as { month: string; count: number }[];
    assert.equal(
      months.reduce((n, m) => n + m.count, 0),
      dataset.reviews.length,
    );
    assert.deepEqual(
      months.map((m) => m.month),
      [...months.map((m) => m.month)].sort(),
    );
    const slice = await call("get_rating_summary", { technician: "Rosa", since: "2023-01-01" });
    const http = await httpSearch(new URLSearchParams({ mentions_technician: "Rosa", since: "2023-01-01" }));
    assert.equal((slice["stats"] as Json)["count"], http.body["total"]);
    assert.equal((slice["filters"] as Json)["technician"], "rosa-delgado");
  });

  it("get_insights: an overview under 8 KB naming the sections to ask for, or one section of the document", async () => {
    const overview = await call("get_insights");
    assert.ok(JSON.stringify(overview).length < 8192, `overview of ${JSON.stringify(overview).length} bytes`);
    assert.equal(overview["review_count"], insights["review_count"]);
    const sections = (overview["sections"] as { section: string; entries: number }[]).map((s) => s.section);
    assert.deepEqual(sections, ["summary", "sentiment", "aspects", "entities", "topics", "temporal", "faq"]);
    assert.equal(overview["next"], `call get_insights with section set to one of ${sections.join(", ")}`);
    for (const section of sections)
      assert.deepEqual((await call("get_insights", { section }))[section], (insights as Json)[section]);
    const summary = await call("get_insights", { section: "summary" });
    assert.deepEqual(summary["summary"], insights["summary"]);
    assert.equal(summary["version"], insights["version"]);
    assert.deepEqual(summary["coverage"], insights["coverage"]);
    assert.equal(summary["aspects"], undefined);
  });

  it("get_aspect_sentiment: the aspect's figures by id or label, with the judging clause of example reviews", async () => {
    const aspect = insights.aspects[0]!;
    const byId = await call("get_aspect_sentiment", { aspect: aspect.id });
    assert.deepEqual(byId["aspect"], aspect);
    const byLabel = await call("get_aspect_sentiment", { aspect: aspect.label.toUpperCase() });
    assert.deepEqual(byLabel, byId);
    const examples = byId["examples"] as { review_id: string; evidence: string | null }[];
    assert.ok(examples.length > 0);
    for (const e of examples) {
      const review = dataset.reviews.find((r) => r.id === e.review_id)!;
      assert.equal(e.evidence, review.aspects.find((a) => a.aspect === aspect.id)!.evidence);
    }
  });

  it("get_technician: by alias, with stats matching search and their newest reviews", async () => {
    const tech = dataset.business.technicians[3]!;
    const out = await call("get_technician", { technician: tech.aliases[0] ?? tech.name });
    assert.equal((out["technician"] as Json)["id"], tech.id);
    const http = await httpSearch(new URLSearchParams({ mentions_technician: tech.id, limit: "5" }));
    assert.equal((out["stats"] as Json)["count"], http.body["total"]);
    assert.deepEqual(ids(out["recent_reviews"]), ids(http.body["reviews"]));
    assert.ok(out["insights"] === null || (out["insights"] as Json)["id"] === tech.id);
  });

  it("list_technicians and list_services: every catalog entry, most reviewed first", async () => {
    const techs = (await call("list_technicians"))["technicians"] as { id: string; review_count: number }[];
    assert.deepEqual(techs.map((t) => t.id).sort(), dataset.business.technicians.map((t) => t.id).sort());
    const services = (await call("list_services"))["services"] as { id: string; review_count: number }[];
    assert.deepEqual(services.map((s) => s.id).sort(), dataset.business.services.map((s) => s.id).sort());
    for (const list of [techs, services]) {
      for (let i = 1; i < list.length; i++) assert.ok(list[i - 1]!.review_count >= list[i]!.review_count);
    }
    const first = services[0]!;
    const http = await httpSearch(new URLSearchParams({ mentions_service: first.id }));
    assert.equal(first.review_count, http.body["total"]);
  });
});

describe("tools: bad arguments are tool errors naming the argument and the rule", () => {
  const cases: [string, unknown, RegExp][] = [
    ["get_business", { extra: 1 }, /- extra: unknown argument; this tool takes no arguments/],
    ["search_reviews", { rating: 6 }, /- rating: expected an integer from 1 to 5, got 6/],
    ["search_reviews", { rating: "5" }, /- rating: expected an integer from 1 to 5, got "5"/],
    [
      "search_reviews",
      { min_rating: 0.5, limit: 101 },
      /- min_rating: expected a number from 1 to 5, got 0\.5\n- limit: expected an integer from 1 to 100, got 101/,
    ],
    [
      "search_reviews",
      { since: "2024-02-30" },
      /- since: expected an existing calendar date YYYY-MM-DD, got "2024-02-30"/,
    ],
    ["search_reviews", { since: "2025-02-01", until: "2025-01-01" }, /- since: expected a date on or before until/],
    ["search_reviews", { query: "x".repeat(201) }, /- query: expected at most 200 characters/],
    ["search_reviews", { cursor: "bm9wZQ" }, /- cursor: expected the next_cursor of a previous page/],
    [
      "search_reviews",
      { sentiment: "happy" },
      /- sentiment: expected one of positive, neutral, negative, mixed, got "happy"/,
    ],
    ["search_reviews", { aspect_sentiment: "positive" }, /- aspect_sentiment: expected together with `aspect`/],
    ["search_reviews", { colour: "red" }, /- colour: unknown argument; this tool takes rating, min_rating/],
    ["get_reviews_since", {}, /- date: required: expected an existing calendar date/],
    [
      "get_reviews_since",
      { date: "2025-13-01" },
      /- date: expected an existing calendar date YYYY-MM-DD, got "2025-13-01"/,
    ],
    ["get_reviews_since", { date: "2025-01-01", limit: 0 }, /- limit: expected an integer from 1 to 100, got 0/],
    [
      "get_reviews_since",
      { date: "2025-01-01", cursor: "!!" },
      /- cursor: expected the next_cursor of a previous page/,
    ],
    ["get_review", {}, /- id: required/],
    ["get_review", { id: "r-999999" }, /- id: no review has id "r-999999"/],
    ["get_review", { id: 5 }, /- id: expected a review id as a string, got 5/],
    [
      "get_rating_summary",
      { technician: "Nobody Atall" },
      /- technician: no technician is called "Nobody Atall"; known: /,
    ],
    ["get_rating_summary", { service: "Roof painting" }, /- service: no service is called "Roof painting"; known: /],
    ["get_rating_summary", { until: "yesterday" }, /- until: expected an existing calendar date/],
    [
      "get_insights",
      { section: "everything" },
      /- section: expected one of summary, sentiment, aspects, entities, topics, temporal, faq, got "everything"/,
    ],
    ["get_aspect_sentiment", { aspect: "vibes" }, /- aspect: no aspect is called "vibes"; known aspects: /],
    ["get_aspect_sentiment", { aspect: "   " }, /- aspect: expected an aspect id or label, got an empty string/],
    ["get_technician", { technician: "Santa Claus" }, /- technician: no technician is called "Santa Claus"; known: /],
    [
      "search_reviews",
      { mentions_technician: "Nobody" },
      /- mentions_technician: no technician is called "Nobody"; known: Michael Torres \(michael-torres\), /,
    ],
    [
      "search_reviews",
      { mentions_service: "Roof painting", rating: 5 },
      /- mentions_service: no service is called "Roof painting"; known: Water heater repair \(water-heater-repair\), /,
    ],
    ["get_technician", {}, /- technician: required/],
    ["list_technicians", { sort: "name" }, /- sort: unknown argument/],
    ["list_services", { limit: 3 }, /- limit: unknown argument/],
  ];
  for (const [tool, args, message] of cases) {
    it(`${tool} ${JSON.stringify(args).slice(0, 60)}`, async () => {
      const text = await refuse(tool, args);
      assert.match(text, new RegExp(`^${tool}: invalid arguments\\n`));
      assert.match(text, message);
    });
  }
});
