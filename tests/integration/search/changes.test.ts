// The change feed across a rebuild: a client holding the first release's cursor gets exactly what the rebuild changed
// (an edit, an addition back-dated by a month, a removal), over HTTP and from the MCP tool, once the sidecar reloads.
import assert from "node:assert/strict";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { copyRelease, scratchDir } from "../../../scripts/lib/build-site.ts";
import { build, SAMPLE_DATA, sampleRelease } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { type Connected, connect } from "../mcp/helpers.ts";

type Change = { type: "upsert" | "removed"; id?: string; review?: { id: string; text: string | null } };
type Page = { changes: Change[]; next_cursor: string; has_more: boolean };

let tmp: string;
let dataDir: string;
let distDir: string;
let sc: TestSidecar;
let conn: Connected;

before(async () => {
  tmp = await scratchDir("changes-");
  dataDir = path.join(tmp, "data");
  await cp(SAMPLE_DATA, dataDir, { recursive: true });
  distDir = path.join(tmp, "dist");
  await copyRelease(await sampleRelease(), distDir);
  sc = await startTestSidecar(distDir);
  conn = await connect(`${sc.url}/mcp`);
});
after(async () => {
  await conn?.close();
  await sc?.stop();
  await rm(tmp, { recursive: true, force: true });
});

const page = async (query: string): Promise<Page> => {
  const res = await sc.get(`/api/reviews/changes${query}`);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as Page;
};
const tool = async (args: Record<string, unknown>) => {
  const out = await conn.client.callTool({ name: "get_review_changes", arguments: args });
  return out;
};
const published = async () => ((await (await sc.get("/reviews.json")).json()) as { reviews: { id: string }[] }).reviews;

it("lists every review from the start, then exactly what a rebuild changed, over HTTP and MCP", async () => {
  // From the start: every published review once, in pages, oldest change first.
  const seen: Change[] = [];
  let cursor = "";
  for (let more = true; more;) {
    const p = await page(`?limit=100${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.changes);
    cursor = p.next_cursor;
    more = p.has_more;
  }
  const reviews = await published();
  assert.deepEqual(seen.map((c) => c.review!.id).sort(), reviews.map((r) => r.id).sort());
  const caughtUp = cursor;
  const nothing = await sc.get(`/api/reviews/changes?after=${caughtUp}`);
  const etag = nothing.headers.get("etag")!;
  assert.deepEqual(await nothing.json(), { changes: [], next_cursor: caughtUp, has_more: false });
  assert.equal(
    (await fetch(`${sc.url}/api/reviews/changes?after=${caughtUp}`, { headers: { "if-none-match": etag } })).status,
    304,
  );

  // The rebuild: one review edited, one removed, one added with last month's date.
  const lines = (await readFile(path.join(dataDir, "reviews.jsonl"), "utf8")).trimEnd().split("\n");
  const edited = JSON.parse(lines[5]!) as { id: string };
  const removed = JSON.parse(lines[6]!) as { id: string };
  const newest = JSON.parse(lines.at(-1)!) as { published_at: string };
  const monthBefore = new Date(Date.parse(newest.published_at) - 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");
  const added = {
    ...edited,
    id: "r-imported-late",
    published_at: monthBefore,
    updated_at: null,
    owner_reply: null,
    verified: { method: "manual", verified_at: monthBefore },
  };
  lines[5] = JSON.stringify({ ...edited, text: "Edited: the repair still holds.", updated_at: newest.published_at });
  lines.splice(6, 1);
  await writeFile(path.join(dataDir, "reviews.jsonl"), `${[...lines, JSON.stringify(added)].join("\n")}\n`);
  const rebuilt = await build({ dataDir, distDir });
  assert.equal(rebuilt.code, 0, rebuilt.stderr);

  // The sidecar picks the new release and its log up.
  await sc.sidecar.releases.reload();
  for (let i = 0; i < 100 && sc.sidecar.search.current().releaseId !== sc.sidecar.releases.current().id; i++)
    await new Promise((r) => setTimeout(r, 100));
  const p = await page(`?after=${caughtUp}`);
  // Oldest change first: the back-dated import before the edit, removals after the reviews changed by the same build.
  assert.deepEqual(
    p.changes.map((c) => `${c.type} ${c.review?.id ?? c.id}`),
    ["upsert r-imported-late", `upsert ${edited.id}`, `removed ${removed.id}`],
  );
  assert.equal(p.changes.find((c) => c.review?.id === edited.id)!.review!.text, "Edited: the repair still holds.");
  const now = await published();
  for (const c of p.changes.filter((c) => c.review))
    assert.deepEqual(
      c.review,
      now.find((r) => r.id === c.review!.id),
      "the review as /reviews.json has it",
    );
  assert.equal(p.has_more, false);
  // The old answer's ETag no longer matches; the MCP tool answers the same.
  assert.equal(
    (await fetch(`${sc.url}/api/reviews/changes?after=${caughtUp}`, { headers: { "if-none-match": etag } })).status,
    200,
  );
  const viaMcp = await tool({ after: caughtUp });
  assert.notEqual(viaMcp.isError, true);
  // The tool adds the one-line hint of where the next changes come from.
  const { next, ...changes } = viaMcp.structuredContent as Record<string, unknown>;
  assert.deepEqual(changes, p);
  assert.equal(next, "nothing more now; later, call get_review_changes with after set to next_cursor");
});

it("refuses a forged cursor over HTTP (400 at after) and in the MCP tool (a tool error naming after)", async () => {
  const res = await sc.get("/api/reviews/changes?after=bm90LWEtY3Vyc29y&limit=101");
  assert.equal(res.status, 400);
  const { issues } = (await res.json()) as { issues: { code: string; path: string[] }[] };
  assert.deepEqual(issues.map((i) => `${i.path.join(".")} ${i.code}`).sort(), ["limit too_big"]);
  const forged = await sc.get("/api/reviews/changes?after=bm90LWEtY3Vyc29y");
  assert.equal(forged.status, 400);
  assert.match(JSON.stringify(await forged.json()), /invalid_cursor.*sync again from the start/);
  const out = await tool({ after: "bm90LWEtY3Vyc29y" });
  assert.equal(out.isError, true);
  assert.match(JSON.stringify(out.content), /- after: expected the next_cursor/);
});
