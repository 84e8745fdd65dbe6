// The developer page's renderers: the Markdown subset is escaped, and generated examples only use declared parameters.
import assert from "node:assert/strict";
import { test } from "node:test";
import { markdownToHtml } from "../../../src/components/developers/markdown.ts";
import { mcpToolDocs } from "../../../src/components/developers/mcp-tools.ts";
import {
  curlBodyExample,
  curlExample,
  type OpenApi,
  operations,
  typeOf,
} from "../../../src/components/developers/openapi-view.ts";
import { openApiDocument } from "../../../src/lib/openapi/document.ts";
import { dataset } from "../../helpers/dataset.ts";
import { releaseExamples } from "../../../src/lib/mcp/tools/examples.ts";
import { toolDefinitions } from "../../../src/lib/mcp/tools/list.ts";

const ORIGIN = "https://reviews.example.test";
const doc = openApiDocument({ siteUrl: ORIGIN, business: dataset(1).business }) as OpenApi;

test("Markdown subset: lists, code, bold, links; HTML in the text is escaped", () => {
  assert.equal(
    markdownToHtml(
      "Intro <b>x</b> **bold** and `a<b>`.\n\n- one [link](https://x.test/)\n- two\n\n1. first\n2. second",
    ),
    '<p>Intro &lt;b&gt;x&lt;/b&gt; <strong>bold</strong> and <code>a&lt;b&gt;</code>.</p><ul><li>one <a href="https://x.test/">link</a></li><li>two</li></ul><ol><li>first</li><li>second</li></ol>',
  );
  assert.equal(markdownToHtml("[x](javascript:alert(1))"), "<p>[x](javascript:alert(1))</p>");
});

test("every operation of the document is listed once, with its parameters resolved", () => {
  const ops = operations(doc);
  const ids = ops.map((o) => o.id);
  assert.equal(new Set(ids).size, ids.length);
  const search = ops.find((o) => o.path === "/api/reviews/search")!;
  assert.ok(search.parameters.some((p) => p.name === "min_rating" && p.type[0]!.text === "number, 1 to 5"));
  assert.ok(search.responses.some((r) => r.status === "400" && r.example?.includes('"issues"')));
  assert.ok(ops.find((o) => o.path === "/reviews.json")!.conditional);
});

test("curl examples take only the parameters an operation declares", () => {
  const ops = operations(doc);
  const sample = { query: "leak", min_rating: "4", date: "2025-01-31", nonsense: "x" };
  assert.equal(
    curlExample(
      ops.find((o) => o.path === "/api/reviews/search")!,
      ORIGIN,
      sample,
    ),
    `curl -i '${ORIGIN}/api/reviews/search?min_rating=4&query=leak'`,
  );
  assert.equal(
    curlExample(
      ops.find((o) => o.path === "/api/reviews/since/{date}")!,
      ORIGIN,
      sample,
    ),
    `curl -i '${ORIGIN}/api/reviews/since/2025-01-31'`,
  );
  const hub = ops.find((o) => o.path === "/api/websub/hub")!;
  assert.match(curlBodyExample(hub, ORIGIN, hub.body!.examples[0]!), /--data-urlencode 'hub.mode=subscribe'/);
});

test("types are written out with component references", () => {
  assert.deepEqual(typeOf({ type: "array", items: { $ref: "#/components/schemas/Review" } }), [
    { text: "array of " },
    { text: "Review", ref: "Review" },
  ]);
  assert.deepEqual(typeOf({ type: ["string", "null"], format: "date" }), [
    { text: "date (YYYY-MM-DD)" },
    { text: " or null" },
  ]);
});

test("the MCP tools are documented from the server's own tool list, arguments included", () => {
  const definitions = toolDefinitions(releaseExamples({ business: dataset(1).business, insights: null, newest: null }));
  const docs = mcpToolDocs(definitions);
  assert.deepEqual(
    docs.map((t) => t.name),
    definitions.map((t) => t.name),
  );
  const search = docs.find((t) => t.name === "search_reviews")!;
  const searchParams = operations(doc)
    .find((o) => o.path === "/api/reviews/search")!
    .parameters.map((p) => p.name);
  for (const name of searchParams)
    assert.ok(
      search.arguments.some((a) => a.name === name),
      `search_reviews documents ${name}`,
    );
  assert.deepEqual(docs.find((t) => t.name === "get_business")!.arguments, []);
  assert.ok(docs.find((t) => t.name === "get_review")!.arguments.some((a) => a.name === "id" && a.required));
});
