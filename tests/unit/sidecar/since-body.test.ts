// A /since body keeps the release's database open while it is read, and lets it go however its stream ends: read to
// the end, or destroyed before its first read (a client gone while its request waited for a place).
import assert from "node:assert/strict";
import { it } from "node:test";
import type { IndexedRelease } from "../../../sidecar/release/index-store.ts";
import { buildSinceTable } from "../../../sidecar/search/since.ts";
import { indexDataset } from "../../../src/lib/search/index.ts";
import { dataset } from "../../helpers/dataset.ts";

/** A release over `reviews` generated reviews that counts who holds it. */
function heldRelease(reviews: number) {
  const held = { now: 0 };
  const release = {
    releaseId: "r",
    updatedAt: "2026-01-01T00:00:00Z",
    index: indexDataset(dataset(reviews)),
    hold: () => {
      held.now++;
      let out = false;
      return () => void (out || ((out = true), held.now--));
    },
  } as unknown as IndexedRelease;
  return { release, held };
}

const closed = (stream: NodeJS.ReadableStream) => new Promise((resolve) => stream.once("close", resolve));

it("lets the release go when a body is read to its end", async () => {
  const { release, held } = heldRelease(120);
  const table = await buildSinceTable(release);
  const body = table.body("2000-01-01", table.count("2000-01-01"));
  assert.equal(held.now, 1);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const answer = JSON.parse(Buffer.concat(chunks).toString()) as { count: number; reviews: unknown[] };
  assert.equal(answer.reviews.length, answer.count);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(held.now, 0);
});

it("lets the release go when a body is destroyed before its first read", async () => {
  const { release, held } = heldRelease(120);
  const table = await buildSinceTable(release);
  const bodies = Array.from({ length: 5 }, () => table.body("2000-01-01", table.count("2000-01-01")));
  assert.equal(held.now, 5);
  await Promise.all(bodies.map((body) => (body.destroy(), closed(body))));
  assert.equal(held.now, 0);
});
