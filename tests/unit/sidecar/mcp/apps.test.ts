// Which clients are shown the MCP Apps, and what a tool definition gains for them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rendersApps, requestCapabilities, withAppTools } from "../../../../sidecar/mcp/apps.ts";
import type { ToolDefinition } from "../../../../src/lib/mcp/tools/list.ts";

const MIME = "text/html;profile=mcp-app";

describe("rendersApps", () => {
  it("is true only when the ui extension lists the MCP App MIME type, as ext-apps' hosts advertise it", () => {
    assert.equal(rendersApps({ extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [MIME] } } }), true);
    for (const capabilities of [
      undefined,
      null,
      "ui",
      {},
      { extensions: {} },
      { extensions: { "io.modelcontextprotocol/ui": {} } },
      { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html"] } } },
      { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: MIME } } },
      { experimental: { "io.modelcontextprotocol/ui": { mimeTypes: [MIME] } } },
    ])
      assert.equal(rendersApps(capabilities), false, JSON.stringify(capabilities));
  });

  it("reads a 2026-07-28 request's capabilities from its _meta", () => {
    const caps = { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [MIME] } } };
    const message = { method: "tools/list", params: { _meta: { "io.modelcontextprotocol/clientCapabilities": caps } } };
    assert.deepEqual(requestCapabilities(message), caps);
    assert.equal(requestCapabilities({ method: "tools/list" }), undefined);
    assert.equal(requestCapabilities({ method: "tools/list", params: { _meta: 1 } }), undefined);
  });
});

describe("withAppTools", () => {
  const tool = (name: string) => ({ name, title: name, description: "" }) as unknown as ToolDefinition;
  const definitions = [tool("get_business"), tool("get_rating_summary"), tool("search_reviews"), tool("get_review")];

  it("names the app of the tools that have one, under _meta.ui and the older flat key, and changes nothing else", () => {
    const served = Object.fromEntries(
      ["rating-card", "review-list", "review"].map((n) => [`ui://reviews/${n}.html`, {}]),
    );
    const shown = withAppTools(definitions, served);
    assert.equal(shown[0], definitions[0]);
    assert.deepEqual(
      shown.slice(1).map((t) => (t as { _meta?: unknown })._meta),
      ["rating-card", "review-list", "review"].map((n) => ({
        ui: { resourceUri: `ui://reviews/${n}.html` },
        "ui/resourceUri": `ui://reviews/${n}.html`,
      })),
    );
    assert.ok(
      definitions.every((t) => !("_meta" in t)),
      "the release's own definitions are left as they are",
    );
    assert.equal(withAppTools(definitions, served), shown, "built once per release's definitions");
  });

  it("names no app the release being served does not have", () => {
    const shown = withAppTools(definitions, { "ui://reviews/review.html": {} });
    assert.deepEqual(
      shown.map((t) => (t as { _meta?: { ui: { resourceUri: string } } })._meta?.ui.resourceUri ?? null),
      [null, null, null, "ui://reviews/review.html"],
    );
    assert.ok(withAppTools(definitions, {}).every((t, i) => t === definitions[i]));
  });
});
