// Paging the change feed: oldest change first, continued by cursor, and cursors that must not be followed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { continueChangeLog, type PublishedReview, startChangeLog } from "../../../src/lib/changes/diff.ts";
import { changeFeedOf } from "../../../src/lib/changes/feed.ts";
import { decodeChangeLog, encodeChangeLog, reviewHash, scanChangeLog } from "../../../src/lib/changes/log.ts";
import { changesPage } from "../../../src/lib/changes/page.ts";

const review = (id: string, text: string, changedAt: number): PublishedReview => ({
  id,
  hash: reviewHash(text),
  changedAt,
});
// Index positions are the ids' order here; a review's JSON is a stand-in object naming it.
const feedOf = (reviews: PublishedReview[], log = decodeChangeLog(startChangeLog(reviews).text)) => ({
  log,
  feed: changeFeedOf(
    log,
    reviews.map((r) => r.id),
    (p: number) => JSON.stringify({ id: reviews[p]!.id }),
  ),
});
type Page = {
  changes: { type: string; id?: string; review?: { id: string } }[];
  next_cursor: string;
  has_more: boolean;
};
const page = (f: ReturnType<typeof feedOf>, after: string | undefined, limit: number): Page => {
  const out = changesPage(f.feed, after, limit);
  assert.ok(out.ok, JSON.stringify(out));
  return JSON.parse(out.json) as Page;
};
const idsOf = (p: Page) => p.changes.map((c) => c.review?.id ?? `-${c.id}`);

describe("changesPage", () => {
  const reviews = Array.from({ length: 7 }, (_, i) => review(`r${i}`, `text ${i}`, 1000 - i));
  const first = feedOf(reviews);

  it("lists every review from the start, oldest change first, a page at a time by cursor", () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const p = page(first, after, 3);
      seen.push(...idsOf(p));
      after = p.next_cursor;
      if (!p.has_more) break;
    }
    assert.deepEqual(seen, ["r6", "r5", "r4", "r3", "r2", "r1", "r0"]);
    // At the end: nothing more, and the same cursor to poll with later.
    const end = page(first, after, 3);
    assert.deepEqual([end.changes, end.has_more, end.next_cursor], [[], false, after]);
  });

  it("gives a client holding a cursor exactly what changed after it, tombstones included", () => {
    const caughtUp = page(first, undefined, 100).next_cursor;
    const now = [...reviews.slice(0, 3), review("r3", "edited", 1), ...reviews.slice(5), review("new", "n", 5)];
    const next = continueChangeLog(scanChangeLog(encodeChangeLog(first.log)), now, 2000);
    const later = feedOf(now, decodeChangeLog(next.text));
    const p = page(later, caughtUp, 100);
    assert.deepEqual(idsOf(p), ["r3", "new", "-r4"]);
    assert.equal(p.changes.at(-1)!.type, "removed");
  });

  it("refuses a forged cursor and one of another history, at `after`, telling the client to sync again", () => {
    for (const [after, code] of [
      ["bm90LWEtY3Vyc29y", "invalid_cursor"],
      [page(feedOf([review("x", "x", 1)]), undefined, 1).next_cursor, "stale_cursor"],
    ] as const) {
      const out = changesPage(first.feed, after, 10);
      assert.ok(!out.ok);
      assert.equal(out.issues[0]!.code, code);
      assert.deepEqual(out.issues[0]!.path, ["after"]);
      assert.match(out.issues[0]!.message, /sync again from the start/);
    }
    // A cursor past this log's end (from a newer release of the same history) is stale too.
    const forged = Buffer.from(JSON.stringify({ v: 1, h: first.log.history, q: 99 })).toString("base64url");
    const out = changesPage(first.feed, forged, 10);
    assert.ok(!out.ok && out.issues[0]!.code === "stale_cursor");
  });

  it("refuses a log that does not list exactly the published reviews", () => {
    assert.throws(() => changeFeedOf(first.log, ["r0"], String), /lists review r6, which is not published/);
    assert.throws(
      () => changeFeedOf(first.log, [...reviews.map((r) => r.id), "extra"], String),
      /lists 7 published reviews/,
    );
  });
});
