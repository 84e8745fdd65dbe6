// MCP Apps against the real sidecar: the ui extension negotiated on both generations (and nothing of it for clients
// that do not advertise it), and each app played in Chromium by a host built on ext-apps' own AppBridge.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser } from "playwright";
import { launchBrowser } from "../../e2e/helpers/browser.ts";
import { type AnyClient, hostScript, type Result, withHost } from "./apps-host-page.ts";
import { type McpSidecar, startMcpSidecar, TEST_SITE } from "./helpers.ts";

const UI = "io.modelcontextprotocol/ui";
const MIME = "text/html;profile=mcp-app";
const ADVERTISED = { extensions: { [UI]: { mimeTypes: [MIME] } } };
const APP_TOOLS: Record<string, string> = {
  get_rating_summary: "ui://reviews/rating-card.html",
  search_reviews: "ui://reviews/review-list.html",
  get_review: "ui://reviews/review.html",
};

async function connectAs(era: "2025" | "2026-07-28", mcp: string, advertise: boolean): Promise<AnyClient> {
  const info = { name: `apps-it-${era}`, version: "1.0.0" };
  const capabilities = advertise ? ADVERTISED : {};
  if (era === "2025") {
    const client = new Client(info, { capabilities });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp)));
    return client as unknown as AnyClient;
  }
  const client = new ModernClient(info, { capabilities, versionNegotiation: { mode: "auto" } });
  await client.connect(new ModernTransport(new URL(mcp)));
  assert.equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
  return client as unknown as AnyClient;
}

const call = async (c: AnyClient, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as Result;

describe("MCP Apps", () => {
  let sc: McpSidecar;
  let browser: Browser;
  let script: string;

  before(async () => {
    [sc, browser, script] = await Promise.all([startMcpSidecar(), launchBrowser(), hostScript()]);
  });
  after(async () => {
    await browser?.close();
    await sc?.stop();
  });

  it("the server card and the developer page say which tools have an app", async () => {
    const card = (await (await fetch(`${sc.url}/mcp/server-card`)).json()) as { _meta: Record<string, unknown> };
    const listed = (card._meta[UI] as { apps: { tool: string; resourceUri: string }[] }).apps;
    assert.deepEqual(Object.fromEntries(listed.map((a) => [a.tool, a.resourceUri])), APP_TOOLS);
    const html = await (await fetch(`${sc.url}/developers/`)).text();
    assert.match(html, /id="mcp-apps"/);
    for (const tool of Object.keys(APP_TOOLS)) assert.match(html, new RegExp(`href="#tool-${tool}"`));
  });

  for (const era of ["2025", "2026-07-28"] as const) {
    describe(`on ${era}`, () => {
      let apps: AnyClient;
      let plain: AnyClient;
      before(async () => {
        apps = await connectAs(era, sc.mcp, true);
        plain = await connectAs(era, sc.mcp, false);
      });
      after(async () => {
        await apps?.close();
        await plain?.close();
      });

      it("a client that does not advertise the extension sees nothing of it", async () => {
        assert.equal(plain.getServerCapabilities()?.["extensions"], undefined);
        assert.ok((await plain.listTools()).tools.every((t) => t._meta === undefined));
        assert.ok((await plain.listResources()).resources.every((r) => !r.uri.startsWith("ui://")));
        await assert.rejects(plain.readResource({ uri: APP_TOOLS["get_rating_summary"]! }), /not found/i);
      });

      it("one that does is told so, and finds each app named by its tool and served as the extension says", async () => {
        assert.deepEqual(apps.getServerCapabilities()?.["extensions"], { [UI]: {} });
        const tools = (await apps.listTools()).tools;
        const named = Object.fromEntries(
          tools.filter((t) => t._meta).map((t) => [t.name, (t._meta!["ui"] as { resourceUri: string }).resourceUri]),
        );
        assert.deepEqual(named, APP_TOOLS);
        const listed = (await apps.listResources()).resources.filter((r) => r.uri.startsWith("ui://"));
        assert.deepEqual(listed.map((r) => r.uri).sort(), Object.values(APP_TOOLS).sort());
        for (const uri of Object.values(APP_TOOLS)) {
          const [content] = (await apps.readResource({ uri })).contents;
          assert.equal(content?.["mimeType"], MIME);
          const ui = (content?.["_meta"] as { ui: { csp: Record<string, string[]>; prefersBorder: boolean } }).ui;
          assert.equal(ui.prefersBorder, true);
          assert.ok(
            Object.values(ui.csp).every((origins) => origins.length === 0),
            "no outside origin is allowed",
          );
          const html = String(content?.["text"]);
          assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=|<img[^>]+src=/i, `${uri} loads nothing`);
          assert.match(html, /http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
          assert.ok(gzipSync(html).length < 200 * 1024, `${uri} is under 200 KB gzipped`);
        }
      });

      it("the same calls give the same content and structuredContent, with or without the extension", async () => {
        const strip = (tools: { _meta?: unknown }[]) => tools.map(({ _meta, ...t }) => t);
        assert.deepEqual(strip((await apps.listTools()).tools), strip((await plain.listTools()).tools));
        for (const [name, args] of [
          ["get_rating_summary", {}],
          ["search_reviews", { limit: 3 }],
          ["get_business", {}],
        ] as const) {
          assert.deepEqual(await call(apps, name, args), await call(plain, name, args), name);
        }
      });

      it("the rating card shows the average, count and distribution the host hands it", async () => {
        const result = await call(apps, "get_rating_summary", {});
        const stats = result.structuredContent!["stats"] as {
          count: number;
          average: number;
          distribution: Record<string, number>;
        };
        await withHost(browser, script, apps, async (host) => {
          await host.show(APP_TOOLS["get_rating_summary"]!, {}, result, "dark");
          const frame = host.page.frameLocator("iframe");
          await frame.locator(".average").waitFor();
          assert.equal(await frame.locator(".average").textContent(), stats.average.toFixed(1));
          assert.match((await frame.locator(".count").textContent()) ?? "", new RegExp(`^${stats.count} reviews?$`));
          for (const star of ["5", "4", "3", "2", "1"]) {
            const n = await frame.locator(`li[data-star="${star}"] .n`).textContent();
            assert.equal(n, String(stats.distribution[star] ?? 0), `${star} stars`);
          }
          assert.equal(await frame.locator("html").getAttribute("data-theme"), "dark");
          assert.match((await frame.locator("h1").textContent()) ?? "", /\S/);
          await host.axeClean();
        });
      });

      it("the review list searches through the host and shows the matching reviews", async () => {
        const first = await call(apps, "search_reviews", { limit: 5 });
        const newest = (first.structuredContent!["reviews"] as { id: string; text: string | null }[])[0]!;
        const word = (newest.text ?? "").split(/\W+/).find((w) => w.length >= 6) ?? "service";
        const expected = await call(apps, "search_reviews", { query: word });
        const ids = (expected.structuredContent!["reviews"] as { id: string }[]).map((r) => r.id);
        assert.ok(ids.length > 0);
        await withHost(browser, script, apps, async (host) => {
          await host.show(APP_TOOLS["search_reviews"]!, { limit: 5 }, first, "light");
          const frame = host.page.frameLocator("iframe");
          await frame.locator(`article[data-id="${newest.id}"]`).waitFor();
          await frame.getByLabel("Search reviews").fill(word);
          await frame.getByLabel("Search reviews").press("Enter");
          await frame.locator("[role=status]", { hasText: "match" }).waitFor();
          assert.deepEqual(host.calls, [{ name: "search_reviews", arguments: { query: word } }]);
          const shown = await frame.locator("article").evaluateAll((a) => a.map((e) => e.getAttribute("data-id")));
          assert.deepEqual(shown, ids);
          await frame
            .getByRole("link", { name: /^Read on the site/ })
            .first()
            .click();
          for (let i = 0; i < 50 && host.links.length === 0; i++) await host.page.waitForTimeout(100);
          assert.deepEqual(host.links, [`${TEST_SITE}/reviews/${ids[0]}/`], "the link opened through the host");
          await host.axeClean();
        });
      });

      it("the list filters by stars and pages with the cursor; get_review's app shows the owner's reply", async () => {
        const fives = await call(apps, "search_reviews", { rating: 5 });
        const page = fives.structuredContent as { reviews: { id: string }[]; next_cursor: string | null };
        assert.ok(page.next_cursor, "the sample has more than one page of 5-star reviews");
        const next = await call(apps, "search_reviews", { cursor: page.next_cursor });
        const nextIds = (next.structuredContent!["reviews"] as { id: string }[]).map((r) => r.id);
        await withHost(browser, script, apps, async (host) => {
          await host.show(APP_TOOLS["search_reviews"]!, {}, await call(apps, "search_reviews", {}), "light");
          const frame = host.page.frameLocator("iframe");
          await frame.locator("article").first().waitFor();
          await frame.getByLabel("Stars", { exact: true }).selectOption("5");
          await frame.getByRole("button", { name: "Search" }).click();
          await frame.locator(`article[data-id="${page.reviews.at(-1)!.id}"]`).waitFor();
          await frame.getByRole("button", { name: "More reviews" }).click();
          await frame.locator(`article[data-id="${nextIds.at(-1)}"]`).waitFor();
          assert.deepEqual(host.calls, [
            { name: "search_reviews", arguments: { rating: 5 } },
            { name: "search_reviews", arguments: { cursor: page.next_cursor } },
          ]);
          assert.equal(await frame.locator("article").count(), page.reviews.length + nextIds.length);
        });
        await withHost(browser, script, apps, async (host) => {
          await host.show(APP_TOOLS["search_reviews"]!, { rating: 5, query: "" }, fives, "light");
          const frame = host.page.frameLocator("iframe");
          await frame.locator("article").first().waitFor();
          assert.equal(await frame.getByLabel("Stars", { exact: true }).inputValue(), "5", "the form starts as called");
        });

        const recent = await call(apps, "search_reviews", { limit: 100 });
        const withReply = (
          recent.structuredContent!["reviews"] as { id: string; owner_reply: { text: string } | null }[]
        ).find((r) => r.owner_reply !== null);
        assert.ok(withReply, "the sample has a review with an owner reply");
        const one = await call(apps, "get_review", { id: withReply.id });
        await withHost(browser, script, apps, async (host) => {
          await host.show(APP_TOOLS["get_review"]!, { id: withReply.id }, one, "light");
          const frame = host.page.frameLocator("iframe");
          await frame.locator(`article[data-id="${withReply.id}"] .reply`).waitFor();
          const reply = (await frame.locator(".reply").textContent()) ?? "";
          assert.match(reply, /Reply from/);
          assert.ok(reply.includes(withReply.owner_reply!.text));
          await host.axeClean();
        });
      });
    });
  }
});
