// After a rebuild the MCP endpoint answers from the new release without dropping sessions, and tells subscribers what changed.
import assert from "node:assert/strict";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import {
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { copyRelease, scratchDir } from "../../../scripts/lib/build-site.ts";
import { build, SAMPLE_DATA, sampleRelease } from "../../helpers/build.ts";
import { type Connected, connect, type McpSidecar, sleep, startMcpSidecar, TEST_SITE } from "./helpers.ts";

let tmp: string;
let dataDir: string;
let sc: McpSidecar;
let conn: Connected;

before(async () => {
  tmp = await scratchDir("mcp-reload-");
  dataDir = path.join(tmp, "data");
  await cp(SAMPLE_DATA, dataDir, { recursive: true });
  const distDir = path.join(tmp, "dist");
  await copyRelease(await sampleRelease(), distDir);
  sc = await startMcpSidecar({ DIST_CHECK_INTERVAL: "1" }, distDir);
  conn = await connect(sc.mcp);
});
after(async () => {
  await conn?.close();
  await sc?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const total = async () =>
  ((await conn.client.callTool({ name: "get_business" })).structuredContent as { aggregate_rating: { count: number } })
    .aggregate_rating.count;

it("a rebuild is served to open sessions, which get resources/updated for what changed", async () => {
  const updated: string[] = [];
  const logged: string[] = [];
  conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(String(n.params.data)));
  const sessionId = conn.transport.sessionId;
  const before = await total();

  const lines = (await readFile(path.join(dataDir, "reviews.jsonl"), "utf8")).trimEnd().split("\n");
  const last = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  const edited = JSON.parse(lines[0]!) as { id: string; text?: string };
  const business = (JSON.parse(await readFile(path.join(dataDir, "business.json"), "utf8")) as { id: string }).id;
  const reviewUri = `urn:reviews:${business}:${edited.id}`;
  const untouchedUri = `urn:reviews:${business}:${(JSON.parse(lines[1]!) as { id: string }).id}`;
  for (const uri of [`${TEST_SITE}/reviews.json`, reviewUri, untouchedUri])
    await conn.client.subscribeResource({ uri });

  const added = {
    ...last,
    id: "r-reload-1",
    published_at: "2026-03-31T15:00:00Z",
    text: "Came back the next day to check the repair. Thorough and kind.",
    verified: { method: "manual", verified_at: "2026-03-31T16:00:00Z" },
  };
  lines[0] = JSON.stringify({
    ...edited,
    text: `${edited.text ?? ""} Update: still working perfectly a year later.`,
    updated_at: "2026-03-31T12:00:00Z",
  });
  await writeFile(path.join(dataDir, "reviews.jsonl"), `${[...lines, JSON.stringify(added)].join("\n")}\n`);
  const rebuilt = await build({ dataDir, distDir: sc.distDir });
  assert.equal(rebuilt.code, 0, rebuilt.stderr);

  let now = before;
  for (let i = 0; i < 100 && now === before; i++) {
    await sleep(200);
    now = await total();
  }
  assert.equal(now, before + 1, "the new review is not served");
  assert.equal(conn.transport.sessionId, sessionId, "the session was replaced");
  const found = await conn.client.callTool({
    name: "search_reviews",
    arguments: { query: "still working perfectly a year later" },
  });
  assert.deepEqual(
    (found.structuredContent as { reviews: { id: string }[] }).reviews.map((r) => r.id),
    [edited.id],
  );
  const newest = await conn.client.callTool({ name: "get_review", arguments: { id: "r-reload-1" } });
  assert.notEqual(newest.isError, true);

  for (let i = 0; i < 50 && updated.length < 2; i++) await sleep(200);
  assert.deepEqual(updated.sort(), [`${TEST_SITE}/reviews.json`, reviewUri].sort());
  assert.ok(
    logged.some((m) => /New data published/.test(m)),
    JSON.stringify(logged),
  );
});
