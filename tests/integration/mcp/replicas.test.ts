// Two sidecars sharing HUB_DB and MCP_SESSION_SECRET serve each other's MCP sessions: a session opened on A is used on
// B (raw and with the SDK client), ended on B and then refused on A; forged ids and other secrets are refused; the
// event stream held on B carries resources/updated for a subscription made on A.
import assert from "node:assert/strict";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { copyRelease, scratchDir } from "../../../scripts/lib/build-site.ts";
import { build, SAMPLE_DATA, sampleRelease } from "../../helpers/build.ts";
import { errorOf, type McpSidecar, openSession, post, resultOf, send, sseData, startMcpSidecar } from "./helpers.ts";

const SECRET = "replicas-test-secret-of-at-least-32-chars";
let tmp: string;
let dataDir: string;
let distDir: string;
let env: Record<string, string>;
let a: McpSidecar;
let b: McpSidecar;

before(async () => {
  tmp = await scratchDir("mcp-replicas-");
  dataDir = path.join(tmp, "data");
  distDir = path.join(tmp, "dist");
  await cp(SAMPLE_DATA, dataDir, { recursive: true });
  await copyRelease(await sampleRelease(), distDir);
  env = { HUB_DB: path.join(tmp, "hub.sqlite"), MCP_SESSION_SECRET: SECRET, DIST_CHECK_INTERVAL: "1" };
  a = await startMcpSidecar(env, distDir);
  b = await startMcpSidecar(env, distDir);
});
after(async () => {
  await a?.stop();
  await b?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const headersOf = (s: { id: string; negotiated: string }) => ({
  "mcp-session-id": s.id,
  "mcp-protocol-version": s.negotiated,
});
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("a session across replicas", () => {
  it("opened on A answers tools/call on B as A does; DELETE on B ends it, and A refuses it with 404", async () => {
    const session = await openSession(a.mcp);
    const onB = await post(b.mcp, call(2, "search_reviews", { rating: 5, limit: 3 }), headersOf(session));
    assert.equal(onB.status, 200, onB.text);
    assert.equal(onB.headers.get("mcp-session-id"), session.id);
    const onA = await post(a.mcp, call(2, "search_reviews", { rating: 5, limit: 3 }), headersOf(session));
    assert.deepEqual(resultOf(onB), resultOf(onA));
    assert.equal((resultOf(onB)?.["structuredContent"] as { reviews: unknown[] }).reviews.length, 3);

    assert.equal((await send(b.mcp, "DELETE", headersOf(session))).status, 200);
    for (const mcp of [a.mcp, b.mcp]) {
      const refused = await post(mcp, { jsonrpc: "2.0", id: 3, method: "ping" }, headersOf(session));
      assert.equal(refused.status, 404, refused.text);
      assert.equal(errorOf(refused)?.code, -32001);
    }
  });

  it("the SDK client resumes on B a session it opened on A", async () => {
    const opener = new Client({ name: "replicas-it", version: "1.0.0" });
    const onA = new StreamableHTTPClientTransport(new URL(a.mcp));
    await opener.connect(onA);
    const sessionId = onA.sessionId!;
    const resumer = new Client({ name: "replicas-it", version: "1.0.0" });
    const onB = new StreamableHTTPClientTransport(new URL(b.mcp), { sessionId });
    await resumer.connect(onB);
    onB.setProtocolVersion(onA.protocolVersion!);
    const business = await resumer.callTool({ name: "get_business" });
    assert.notEqual(business.isError, true);
    assert.deepEqual(business.structuredContent, (await opener.callTool({ name: "get_business" })).structuredContent);
    await onB.terminateSession();
    await assert.rejects(opener.ping(), /Session not found|404/);
    await opener.close();
    await resumer.close();
  });

  it("a session whose initialize advertised the ui extension on A is shown the apps on B", async () => {
    const ui = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
    const opener = new Client({ name: "replicas-it", version: "1.0.0" }, { capabilities: { extensions: ui } });
    const onA = new StreamableHTTPClientTransport(new URL(a.mcp));
    await opener.connect(onA);
    const resumer = new Client({ name: "replicas-it", version: "1.0.0" });
    const onB = new StreamableHTTPClientTransport(new URL(b.mcp), { sessionId: onA.sessionId! });
    await resumer.connect(onB);
    onB.setProtocolVersion(onA.protocolVersion!);
    const summary = (await resumer.listTools()).tools.find((t) => t.name === "get_rating_summary");
    assert.deepEqual(summary?._meta?.["ui"], { resourceUri: "ui://reviews/rating-card.html" });
    await onB.terminateSession();
    await opener.close();
    await resumer.close();
  });

  it("refuses a forged id, and a replica with another secret refuses the others' sessions", async () => {
    const session = await openSession(a.mcp);
    const [random] = session.id.split(".");
    const forged = `${random}.${"A".repeat(22)}`;
    const refused = await post(b.mcp, { jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-session-id": forged });
    assert.equal(refused.status, 404);
    const stranger = await startMcpSidecar({ ...env, MCP_SESSION_SECRET: `${SECRET}-other` }, distDir);
    try {
      const foreign = await post(stranger.mcp, { jsonrpc: "2.0", id: 1, method: "ping" }, headersOf(session));
      assert.equal(foreign.status, 404);
    } finally {
      await stranger.stop();
    }
    assert.equal((await post(b.mcp, { jsonrpc: "2.0", id: 1, method: "ping" }, headersOf(session))).status, 200);
    await send(a.mcp, "DELETE", headersOf(session));
  });
});

describe("notifications across replicas", () => {
  it("the event stream on B carries resources/updated, once, for a subscription made on A, after a rebuild", async () => {
    const session = await openSession(a.mcp);
    const datasets = resultOf(
      await post(a.mcp, { jsonrpc: "2.0", id: 2, method: "resources/list" }, headersOf(session)),
    )?.["resources"] as { uri: string }[];
    const reviewsUri = datasets.find((d) => d.uri.endsWith("/reviews.json"))!.uri;
    const subscribed = await post(
      a.mcp,
      { jsonrpc: "2.0", id: 3, method: "resources/subscribe", params: { uri: reviewsUri } },
      headersOf(session),
    );
    assert.equal(subscribed.status, 200, subscribed.text);

    const controller = new AbortController();
    const stream = await fetch(b.mcp, {
      headers: { accept: "text/event-stream", ...headersOf(session) },
      signal: controller.signal,
    });
    assert.equal(stream.status, 200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const collect = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: "" }));
        if (chunk.done) return;
        text += chunk.value;
      }
    })();

    const file = path.join(dataDir, "reviews.jsonl");
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    const edited = JSON.parse(lines[0]!) as { text?: string };
    lines[0] = JSON.stringify({ ...edited, text: `${edited.text ?? ""} Still fine.` });
    await writeFile(file, `${lines.join("\n")}\n`);
    const rebuilt = await build({ dataDir, distDir });
    assert.equal(rebuilt.code, 0, rebuilt.stderr);

    const updates = () => sseData(text).filter((m) => m["method"] === "notifications/resources/updated");
    for (let i = 0; i < 100 && updates().length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    // Both replicas have seen the new release by now; give a second notice time to show up if one were sent.
    await new Promise((r) => setTimeout(r, 2500));
    assert.deepEqual(
      updates().map((m) => (m["params"] as { uri: string }).uri),
      [reviewsUri],
    );
    controller.abort();
    await collect;
    await send(a.mcp, "DELETE", headersOf(session));
  });
});
