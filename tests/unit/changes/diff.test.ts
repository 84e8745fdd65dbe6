// The change log's diff: what a build adds to the previous release's log, and the log a new history starts with.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { nextChangeLog, type PublishedReview } from "../../../src/lib/changes/diff.ts";
import { type ChangeLog, decodeChangeLog, encodeChangeLog, reviewHash } from "../../../src/lib/changes/log.ts";

const NOW = 1_800_000_000;
const review = (id: string, text: string, changedAt = 1000): PublishedReview => ({
  id,
  hash: reviewHash(JSON.stringify({ id, text })),
  changedAt,
});
/** The log's entries as `seq id kind at`, oldest first. */
const rows = (log: ChangeLog) =>
  log.entries.map((e) => `${e.seq} ${e.id} ${e.hash === null ? "removed" : "upsert"} ${e.at}`);

describe("nextChangeLog", () => {
  const first = nextChangeLog(null, [review("b", "B", 300), review("a", "A", 200), review("c", "C", 200)], NOW);

  it("starts a history with every review, oldest change first (id breaks ties), at its own change time", () => {
    assert.equal(first.started, true);
    assert.deepEqual(rows(first.log), ["1 a upsert 200", "2 c upsert 200", "3 b upsert 300"]);
    assert.match(first.log.history, /^[0-9a-f]{16}$/);
    // Derived from the log itself: the same reviews start the same history; others another.
    assert.equal(
      nextChangeLog(null, [review("c", "C", 200), review("a", "A", 200), review("b", "B", 300)], 1).log.history,
      first.log.history,
    );
    assert.notEqual(nextChangeLog(null, [review("a", "A2", 200)], NOW).log.history, first.log.history);
  });

  it("adds nothing when nothing changed: the same log, the same bytes", () => {
    const same = nextChangeLog(
      first.log,
      [review("a", "A", 200), review("b", "B", 300), review("c", "C", 200)],
      NOW + 60,
    );
    assert.equal(same.log, first.log);
    assert.deepEqual([same.upserts, same.removals, same.started], [0, 0, false]);
  });

  it("gives an added, an edited review (or one whose owner reply came or changed) and a removed one new numbers", () => {
    const reviews = [review("a", "A edited", 200), review("b", "B", 300), review("d", "D", 100)];
    const next = nextChangeLog(first.log, reviews, NOW);
    assert.deepEqual(rows(next.log), [
      "3 b upsert 300",
      `4 d upsert ${NOW}`,
      `5 a upsert ${NOW}`,
      `6 c removed ${NOW}`,
    ]);
    assert.equal(next.log.history, first.log.history);
    assert.deepEqual([next.upserts, next.removals], [2, 1]);
  });

  it("keeps a removal once, and publishes a review again when it comes back", () => {
    const removed = nextChangeLog(first.log, [review("a", "A", 200), review("b", "B", 300)], NOW).log;
    assert.deepEqual(nextChangeLog(removed, [review("a", "A", 200), review("b", "B", 300)], NOW + 1).log, removed);
    const back = nextChangeLog(removed, [review("a", "A", 200), review("b", "B", 300), review("c", "C", 200)], NOW + 2);
    assert.deepEqual(rows(back.log).slice(-1), [`5 c upsert ${NOW + 2}`]);
    assert.equal(back.log.entries.length, 3, "one entry per id");
  });

  it("writes and reads the log back; refuses a damaged one", () => {
    assert.deepEqual(decodeChangeLog(encodeChangeLog(first.log)), first.log);
    const text = encodeChangeLog(first.log);
    assert.throws(() => decodeChangeLog(text.replace('[2,"c"', '[1,"c"')), /entry 1: sequence numbers must grow/);
    assert.throws(() => decodeChangeLog(text.replace('"c"', '"a"')), /entry 1: expected a review id listed once/);
    assert.throws(() => decodeChangeLog(text.replace('"format":1', '"format":2')), /expected format 1/);
  });
});
