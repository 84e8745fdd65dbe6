// A large /since answer, compressed or not, is streamed: what it reads ahead of a client that stops reading is a few
// slices of reviews, the same for an answer twice as large, never the answer whole; read to its end it is the identity
// answer compressed; cut, it lets its place and the release go.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import zlib from "node:zlib";
import type { IndexedRelease } from "../../../sidecar/release/index-store.ts";
import { sinceAnswers } from "../../../sidecar/search/since-answers.ts";
import { indexDataset } from "../../../src/lib/search/index.ts";
import { dataset } from "../../helpers/dataset.ts";

/** About 10 MB of answer for the whole history: well over what is made whole and kept. */
const REVIEWS = 16_000;
/**
 * Reviews read ahead of a client that reads nothing more: a few slices of 50, the queues between them and what the
 * compressor takes in before it gives out (about 1,500 for gzip and 2,200 for brotli here), whatever the answer's size.
 */
const READ_AHEAD = 3_000;

/**
 * Each review's JSON with a field of digits made from its place: generated reviews repeat so much that they compress a
 * hundredfold, and a slice of them would then count for little; these compress about as published reviews do.
 */
const varied = (json: string, position: number) =>
  `${json.slice(0, -1)},"noise":"${createHash("sha256").update(String(position)).digest("hex").repeat(2)}"}`;

/** A release over generated reviews that counts the reviews read and who holds it. */
function countedRelease() {
  const seen = { reviews: 0, held: 0 };
  const index = indexDataset(dataset(REVIEWS));
  const reviewsJson = index.reviewsJson;
  const release = {
    releaseId: "r",
    updatedAt: "2026-01-01T00:00:00Z",
    index: {
      ...index,
      reviewsJson: (positions: readonly number[]) => {
        seen.reviews += positions.length;
        return reviewsJson(positions).map((json, i) => varied(json, positions[i]!));
      },
    },
    hold: () => {
      seen.held++;
      let out = false;
      return () => void (out || ((out = true), seen.held--));
    },
  } as unknown as IndexedRelease;
  return { release, seen, dates: [...index.dates] };
}

const { release, seen, dates } = countedRelease();
const answers = sinceAnswers();
const ask = (date: string, encoding: string) =>
  answers(
    new Request(`http://x/api/reviews/since/${date}`, { headers: { "accept-encoding": encoding } }),
    release,
    date,
  );
// The index lists the newest first: the last date has every review on or after it, the middle one about half.
const whole = dates.at(-1)!;
const half = dates[Math.floor(dates.length / 2)]!;

/** Reviews read for an answer to a client that takes its first chunk and then stops reading; the answer is then cut. */
async function readAhead(date: string, encoding: string): Promise<number> {
  const res = await ask(date, encoding);
  assert.equal(res.status, 200);
  const before = seen.reviews;
  const reader = res.body!.getReader();
  assert.ok(!(await reader.read()).done);
  // Many turns of the event loop: an answer that is not held back by its reader would be read whole meanwhile.
  await delay(500);
  const read = seen.reviews - before;
  await reader.cancel();
  return read;
}

it("reads only a bounded part of a large answer ahead of a client that stops reading", async (t) => {
  // The since table is made once per release: its reading is not what is measured.
  await (await ask(whole, "identity")).body!.cancel();
  for (const encoding of ["gzip", "br", "identity"]) {
    const [small, large] = [await readAhead(half, encoding), await readAhead(whole, encoding)];
    t.diagnostic(`${encoding}: ${small} and ${large} reviews read ahead`);
    assert.ok(small < READ_AHEAD && large < READ_AHEAD, `${encoding}: read ahead ${small} and ${large} reviews`);
  }
  // Every cut stream let the release go.
  await delay(50);
  assert.equal(seen.held, 0);
});

it("streams a large compressed answer without Content-Length, the identity answer's bytes once decoded", async () => {
  const identity = await ask(whole, "identity");
  const plain = Buffer.from(await identity.arrayBuffer());
  assert.equal(Number(identity.headers.get("content-length")), plain.length);
  for (const [encoding, decode] of [
    ["gzip", zlib.gunzipSync],
    ["br", zlib.brotliDecompressSync],
  ] as const) {
    const res = await ask(whole, encoding);
    assert.equal(res.headers.get("content-encoding"), encoding);
    assert.equal(res.headers.get("content-length"), null);
    assert.ok(decode(Buffer.from(await res.arrayBuffer())).equals(plain), encoding);
  }
  assert.equal(JSON.parse(plain.toString()).count, REVIEWS);
});

it("gives a cut stream's place back: more cut streams than places, then an answer", async () => {
  for (let i = 0; i < 40; i++) await (await ask(whole, "gzip")).body!.cancel();
  const res = await Promise.race([ask(whole, "gzip"), delay(5000).then(() => undefined)]);
  assert.ok(res, "no place came free");
  assert.equal(res.status, 200);
  await res.body!.cancel();
});
