// The sync against a fake Google Business Profile API: paging, edits and replies, removals only from a complete
// listing, retries, Retry-After, the token refreshed once, the shrink guard, incremental stops, dry runs.
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { after, describe, it } from "node:test";
import { type GoogleFake, googleFake, googleReview } from "../../helpers/fake-platforms.ts";
import { byId, days, sync, tempData } from "./harness.ts";

const fakes: GoogleFake[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

async function fake(reviews: Record<string, unknown>[]): Promise<GoogleFake> {
  const f = await googleFake(reviews);
  fakes.push(f);
  return f;
}

const listings = (f: GoogleFake) => f.requests.filter((r) => r.startsWith("GET"));

describe("sync from Google", { timeout: 30_000 }, () => {
  it("reads two pages (pageToken) and adds every review, then builds once", async () => {
    const g = await fake(days(60, googleReview));
    const r = await sync({ dataDir: await tempData(), google: g.url, sources: ["google"] });
    assert.equal(r.code, 0);
    assert.equal(byId(r.data).size, 60);
    assert.equal(listings(g).length, 2);
    assert.match(listings(g)[1]!, /pageToken=p50/);
    assert.match(listings(g)[0]!, /orderBy=updateTime\+desc/);
    assert.equal(r.lines[0], "google: fetched 60, added 60, updated 0, removed 0, refused 0 (full listing, 2 pages)");
    assert.equal(r.builds, 1);
  });

  it("updates a review that was edited and one that got an owner reply; builds nothing when nothing changed", async () => {
    const reviews = days(3, googleReview);
    const g = await fake(reviews);
    const dir = await tempData();
    await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    const same = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.equal(same.builds, 0);
    assert.ok(same.lines.includes("Nothing changed: no build."));
    Object.assign(reviews[0]!, { comment: "Edited words", starRating: "TWO", updateTime: "2026-11-21T10:00:00Z" });
    reviews[1]!.reviewReply = { comment: "Thank you!", updateTime: "2026-11-21T11:00:00Z" };
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.match(r.lines[0]!, /added 0, updated 2, removed 0/);
    const data = [...byId(r.data).values()];
    const edited = data.find((d) => d.text === "Edited words");
    assert.equal(edited?.rating, 2);
    assert.deepEqual(data.find((d) => d.owner_reply !== null)?.owner_reply, {
      text: "Thank you!",
      published_at: "2026-11-21T11:00:00Z",
    });
    assert.equal(r.builds, 1);
  });

  it("removes a review gone from a complete listing, and only Google's", async () => {
    const reviews = days(4, googleReview);
    const g = await fake(reviews);
    const hand = JSON.stringify({
      id: "hand-1",
      published_at: "2026-01-02T03:04:05Z",
      updated_at: null,
      rating: 5,
      title: null,
      text: "By hand",
      language: null,
      author: { name: "Hand", avatar_url: null },
      experience_date: null,
      verified: null,
      source: { platform: "google", url: null },
      owner_reply: null,
    });
    const dir = await tempData(`${hand}\n`);
    await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    reviews.splice(1, 1);
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.match(r.lines[0]!, /removed 1/);
    const ids = [...byId(r.data).keys()];
    assert.equal(ids.length, 4);
    assert.ok(ids.includes("hand-1"), "a review the sync did not bring in stays");
  });

  it("an incremental listing removes nothing, even a review it does not see", async () => {
    const reviews = days(4, googleReview);
    const g = await fake(reviews);
    const dir = await tempData();
    await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    reviews.splice(1, 1);
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"], mode: "incremental" });
    assert.equal(byId(r.data).size, 4);
    assert.equal(r.builds, 0);
  });

  it("a 500 on page 2 after the retries changes nothing, and exit code 4 says Google failed", async () => {
    const g = await fake(days(60, googleReview));
    g.fault = (_n, url) => (url.searchParams.has("pageToken") ? { status: 500, body: "{}" } : null);
    const dir = await tempData();
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"], retries: 2 });
    assert.equal(r.code, 4);
    assert.equal(r.data, "");
    assert.equal(r.builds, 0);
    assert.equal(listings(g).length, 4, "page 1, then page 2 three times");
    assert.match(r.lines.join("\n"), /HTTP 500 .*after 2 retries/);
  });

  it("a 429 with Retry-After: 2 waits about 2 s, then goes on", async () => {
    const g = await fake(days(2, googleReview));
    g.fault = (n) => (n === 1 ? { status: 429, headers: { "retry-after": "2" } } : null);
    const started = performance.now();
    const r = await sync({ dataDir: await tempData(), google: g.url, sources: ["google"] });
    const waited = performance.now() - started;
    assert.equal(r.code, 0);
    assert.ok(waited >= 1900 && waited < 4000, `waited ${waited} ms`);
    assert.equal(byId(r.data).size, 2);
  });

  it("an expired access token is refreshed once and the page retried", async () => {
    const g = await fake(days(60, googleReview));
    g.fault = (n) => {
      if (n === 2) g.expireToken();
      return null;
    };
    const r = await sync({ dataDir: await tempData(), google: g.url, sources: ["google"] });
    assert.equal(r.code, 0);
    assert.equal(g.requests.filter((q) => q.startsWith("POST /token")).length, 2);
    assert.equal(byId(r.data).size, 60);
  });

  it("a token refused twice fails the source, naming the variables", async () => {
    const g = await fake(days(2, googleReview));
    g.fault = () => ({ status: 401, body: '{"error":{"status":"UNAUTHENTICATED"}}' });
    const r = await sync({ dataDir: await tempData(), google: g.url, sources: ["google"] });
    assert.equal(r.code, 4);
    assert.equal(g.requests.filter((q) => q.startsWith("POST /token")).length, 2);
    assert.match(r.lines.join("\n"), /GOOGLE_LOCATION/);
  });

  it("a revoked refresh token is an error naming GOOGLE_REFRESH_TOKEN and what to do", async () => {
    const g = await fake(days(2, googleReview));
    g.tokenFault = () => ({
      status: 400,
      body: '{"error":"invalid_grant","error_description":"Token has been expired or revoked."}',
    });
    const r = await sync({ dataDir: await tempData(), google: g.url, sources: ["google"] });
    assert.equal(r.code, 4);
    assert.match(r.lines.join("\n"), /GOOGLE_REFRESH_TOKEN is expired or revoked .*seven days.*docs\/sync\.md/);
  });

  it("refuses an emptied listing, and one that would drop more than half of Google's reviews", async () => {
    const reviews = days(10, googleReview);
    const g = await fake(reviews);
    const dir = await tempData();
    const first = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    reviews.splice(0, 6);
    const shrunk = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.equal(shrunk.code, 4);
    assert.match(shrunk.lines.join("\n"), /refused: the complete listing would remove 6 of the 10 google reviews/);
    reviews.splice(0);
    const emptied = await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.equal(emptied.code, 4);
    assert.match(emptied.lines.join("\n"), /remove 10 of the 10 google reviews.*GOOGLE_LOCATION/);
    assert.equal(emptied.data, first.data);
    assert.equal(shrunk.builds + emptied.builds, 0);
  });

  it("the incremental run stops at the first page with nothing new or changed", async () => {
    const reviews = days(200, googleReview);
    const g = await fake(reviews);
    const dir = await tempData();
    await sync({ dataDir: dir, google: g.url, sources: ["google"] });
    assert.equal(listings(g).length, 4);
    // Two new reviews: page 1 has news, page 2 has none; pages 3 and 4 are never asked for.
    reviews.push(googleReview("new1", "2026-11-24T00:00:00Z"), googleReview("new2", "2026-11-24T01:00:00Z"));
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"], mode: "incremental" });
    assert.equal(listings(g).length, 4 + 2);
    assert.match(r.lines[0]!, /fetched 100, added 2, .*incremental, stopped at page 2/);
    assert.equal(byId(r.data).size, 202);
  });

  it("--dry-run prints the diff and writes nothing: no data, no state, no lock, no build", async () => {
    const g = await fake(days(3, googleReview));
    const dir = await tempData();
    const r = await sync({ dataDir: dir, google: g.url, sources: ["google"], dryRun: true });
    assert.equal(r.code, 0);
    assert.equal(r.data, "");
    assert.deepEqual(await readdir(dir), ["reviews.jsonl"]);
    assert.equal(r.builds, 0);
    assert.equal(r.lines.filter((l) => l.startsWith("  + google-")).length, 3, r.lines.join("\n"));
    assert.ok(r.lines.includes("Dry run: nothing was written."));
  });
});
