// Discovery before connecting: the site's AI Catalog points to /mcp/server-card, whose card (valid against the
// server-card extension's schema) names this server, its remote endpoint and both protocol revisions.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ROOT } from "../../helpers/build.ts";
import { type McpSidecar, startMcpSidecar, TEST_SITE } from "./helpers.ts";

describe("MCP discovery", () => {
  let sc: McpSidecar;
  before(async () => {
    sc = await startMcpSidecar();
  });
  after(() => sc?.stop());

  it("/.well-known/ai-catalog.json lists the server card by URL, with the catalog's media type", async () => {
    const res = await fetch(`${sc.url}/.well-known/ai-catalog.json`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/ai-catalog+json");
    const catalog = (await res.json()) as { entries: Record<string, string>[] };
    assert.deepEqual(catalog.entries, [
      {
        identifier: `urn:air:${new URL(TEST_SITE).hostname}:mcp:reviews-service`,
        type: "application/mcp-server-card+json",
        url: `${TEST_SITE}/mcp/server-card`,
      },
    ]);
  });

  it("the server card validates, names the endpoint and both revisions, and says what it serves", async () => {
    const res = await fetch(`${sc.url}/mcp/server-card`, { headers: { accept: "application/mcp-server-card+json" } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/mcp-server-card+json");
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.equal(res.headers.get("cache-control"), "public, max-age=3600");
    const card = (await res.json()) as Record<string, unknown>;
    const schema = JSON.parse(await readFile(path.join(ROOT, "tests/fixtures/server-card.schema.json"), "utf8"));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile({ ...schema, $ref: "#/$defs/ServerCard" });
    assert.ok(validate(card), JSON.stringify(validate.errors));
    assert.equal(card["name"], `${new URL(TEST_SITE).hostname.split(".").reverse().join(".")}/reviews-service`);
    assert.equal(card["version"], "1.0.0");
    assert.match(String(card["description"]), /reviews/);
    assert.deepEqual(card["remotes"], [
      {
        type: "streamable-http",
        url: `${TEST_SITE}/mcp`,
        supportedProtocolVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
      },
    ]);
  });

  it("answers 304 to its own ETag", async () => {
    const first = await fetch(`${sc.url}/mcp/server-card`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag");
    assert.ok(etag);
    const again = await fetch(`${sc.url}/mcp/server-card`, { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("etag"), etag);
    // A page revalidating the card from another origin must still be allowed to read the 304.
    assert.equal(again.headers.get("access-control-allow-origin"), "*");
    assert.equal(again.headers.get("access-control-expose-headers"), "ETag");
  });

  it("the developer page links the card and the catalog", async () => {
    const html = await (await fetch(`${sc.url}/developers/`)).text();
    assert.match(html, /href="\/mcp\/server-card"/);
    assert.match(html, /href="\/.well-known\/ai-catalog.json"/);
  });
});
