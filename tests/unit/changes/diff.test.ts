// The change log's diff: what a build adds to the previous release's log, and the log a new history starts with.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { continueChangeLog, type PublishedReview, startChangeLog } from "../../../src/lib/changes/diff.ts";
import { decodeChangeLog, encodeChangeLog, reviewHash, scanChangeLog } from "../../../src/lib/changes/log.ts";

const NOW = 1_800_000_000;
const review = (id: string, text: string, changedAt = 1000): PublishedReview => ({
  id,
  hash: reviewHash(JSON.stringify({ id, text })),
  changedAt,
});
/** The log file's entries as `seq id kind at`, oldest first. */
const rows = (text: string) =>
  decodeChangeLog(text).entries.map((e) => `${e.seq} ${e.id} ${e.hash === null ? "removed" : "upsert"} ${e.at}`);
const historyOf = (text: string) => decodeChangeLog(text).history;

/** The log file `text` continued with `reviews` at `now`. */
const continued = (text: string, reviews: PublishedReview[], now: number) =>
  continueChangeLog(scanChangeLog(text), reviews, now);

describe("startChangeLog and continueChangeLog", () => {
  const first = startChangeLog([review("b", "B", 300), review("a", "A", 200), review("c", "C", 200)]);

  it("starts a history with every review, oldest change first (id breaks ties), at its own change time", () => {
    assert.equal(first.started, true);
    assert.deepEqual(rows(first.text), ["1 a upsert 200", "2 c upsert 200", "3 b upsert 300"]);
    assert.match(historyOf(first.text), /^[0-9a-f]{16}$/);
    // Derived from the log itself: the same reviews start the same history; others another.
    assert.equal(
      historyOf(startChangeLog([review("c", "C", 200), review("a", "A", 200), review("b", "B", 300)]).text),
      historyOf(first.text),
    );
    assert.notEqual(historyOf(startChangeLog([review("a", "A2", 200)]).text), historyOf(first.text));
  });

  it("adds nothing when nothing changed: the same log, the same bytes", () => {
    const same = continued(first.text, [review("a", "A", 200), review("b", "B", 300), review("c", "C", 200)], NOW + 60);
    assert.equal(same.text, first.text);
    assert.deepEqual([same.upserts, same.removals, same.started], [0, 0, false]);
  });

  it("gives an added, an edited review (or one whose owner reply came or changed) and a removed one new numbers", () => {
    const reviews = [review("a", "A edited", 200), review("b", "B", 300), review("d", "D", 100)];
    const next = continued(first.text, reviews, NOW);
    assert.deepEqual(rows(next.text), [
      "3 b upsert 300",
      `4 d upsert ${NOW}`,
      `5 a upsert ${NOW}`,
      `6 c removed ${NOW}`,
    ]);
    assert.equal(historyOf(next.text), historyOf(first.text));
    // The file as encodeChangeLog writes the same log: the entries kept are the previous text's, unchanged.
    assert.equal(encodeChangeLog(decodeChangeLog(next.text)), next.text);
    assert.deepEqual([next.upserts, next.removals], [2, 1]);
  });

  it("keeps a removal once, and publishes a review again when it comes back", () => {
    const removed = continued(first.text, [review("a", "A", 200), review("b", "B", 300)], NOW).text;
    assert.equal(continued(removed, [review("a", "A", 200), review("b", "B", 300)], NOW + 1).text, removed);
    const back = continued(removed, [review("a", "A", 200), review("b", "B", 300), review("c", "C", 200)], NOW + 2);
    assert.deepEqual(
      rows(back.text),
      ["1 a upsert 200", "3 b upsert 300", `5 c upsert ${NOW + 2}`],
      "one entry per id",
    );
  });

  it("writes and reads the log back; refuses a damaged one", () => {
    const text = first.text;
    assert.equal(encodeChangeLog(decodeChangeLog(text)), text);
    assert.throws(() => decodeChangeLog(text.replace('[2,"c"', '[1,"c"')), /entry 1: sequence numbers must grow/);
    assert.throws(() => decodeChangeLog(text.replace('"c"', '"a"')), /entry 1: expected a review id listed once/);
    assert.throws(() => decodeChangeLog(text.replace('"format":1', '"format":2')), /expected format 1/);
    // Read character by character: anything encodeChangeLog would not have written is refused, saying where.
    for (const [damaged, message] of [
      [text.replace('[2,"c"', '[02,"c"'), /entry 1: expected \[seq, id, hash, at\]/],
      [text.replace('"c"', '"c d"'), /entry 1: expected a review id/],
      [text.replace('"c"', '"-c"'), /entry 1: expected a review id/],
      [text.replace(/("c",")[^"]{22}"/, '$1short"'), /entry 1: expected a hash or null/],
      [text.replace(/(\[3,"b","[^"]{22}",)300\]/, "$1300.5]"), /entry 2: expected a time in epoch seconds/],
      [text.replace('],[2,"c"', '] [2,"c"'), /entry 1: expected another entry or the end of the list/],
      [text.replace("]]}\n", "]]}\n{}"), /the entries do not end as a log's do/],
      [text.slice(0, -10), /entry 2: expected/],
      [text.replace('"format":1', '"format":01'), /expected \{"format": a number, first/],
      [text.replace('"format":1', '"format":"1"'), /expected \{"format": a number, first/],
      [text.replace(/"history":"[0-9a-f]{16}"/, '"history":"x"'), /no valid history id/],
      [text.replace('"entries":[', '"changes":['), /no entries array after the history id/],
      [text.replace('"c"', `"${"c".repeat(65)}"`), /entry 1: expected a review id/],
    ] as const)
      assert.throws(() => decodeChangeLog(damaged), message, damaged);
    // Every entry survives the round trip: removals (null) and a log with none left.
    const emptied = continued(text, [], NOW);
    assert.deepEqual(rows(emptied.text), [`4 a removed ${NOW}`, `5 b removed ${NOW}`, `6 c removed ${NOW}`]);
    assert.equal(encodeChangeLog(decodeChangeLog(emptied.text)), emptied.text);
    // Ids as long as they may be (64 characters), and one spelled like the removals' null.
    const long = startChangeLog([review("c".repeat(64), "C", 1), review("null", "N", 2)]).text;
    assert.equal(encodeChangeLog(decodeChangeLog(long)), long);
    assert.deepEqual(rows(continued(long, [], NOW).text), [
      `3 ${"c".repeat(64)} removed ${NOW}`,
      `4 null removed ${NOW}`,
    ]);
    const none = encodeChangeLog({ history: historyOf(text), entries: [] });
    assert.deepEqual(decodeChangeLog(none).entries, []);
    assert.deepEqual(rows(continued(none, [review("a", "A", 200)], NOW).text), [`1 a upsert ${NOW}`]);
  });
});
