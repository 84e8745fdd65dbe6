// The kept search answers: a repeated search is sent as first rendered, a changed release is searched afresh, and the
// answers kept never take more than their bound.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { IndexedRelease, SearchIndexStore } from "../../../sidecar/release/index-store.ts";
import { searchAnswers } from "../../../sidecar/search/search-answers.ts";
import { indexDataset } from "../../../src/lib/search/index.ts";
import { dataset } from "../../helpers/dataset.ts";

const releaseOf = (releaseId: string, reviews: number) =>
  ({ releaseId, index: indexDataset(dataset(reviews)) }) as IndexedRelease;

/** A store serving `release` until it is swapped. */
function storeOf(release: IndexedRelease) {
  const store = { current: () => release, update: async () => {} } satisfies SearchIndexStore;
  return Object.assign(store, { swap: (next: IndexedRelease) => (release = next) });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost/api/reviews/search${path}`, { headers });

describe("kept search answers", () => {
  it("sends a repeated search's bytes again, per Accept-Encoding, and HEAD its headers", async () => {
    const answer = searchAnswers(storeOf(releaseOf("a", 50)));
    const first = await answer(get("?min_rating=3&limit=5"));
    const body = await first.text();
    assert.equal(answer.kept.size, 1);
    assert.equal(await (await answer(get("?min_rating=3&limit=5"))).text(), body);
    const head = await answer(new Request(get("?min_rating=3&limit=5"), { method: "HEAD" }));
    assert.equal(await head.text(), "");
    assert.equal(head.headers.get("content-length"), first.headers.get("content-length"));
    const gz = await answer(get("?min_rating=3&limit=5", { "accept-encoding": "gzip" }));
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(answer.kept.size, 2);
  });

  it("never sends an answer of the release served before", async () => {
    const store = storeOf(releaseOf("a", 50));
    const answer = searchAnswers(store);
    const before = (await (await answer(get("?limit=100"))).json()) as { total: number };
    assert.equal(before.total, 50);
    store.swap(releaseOf("b", 80));
    const after = (await (await answer(get("?limit=100"))).json()) as { total: number };
    assert.equal(after.total, 80);
    assert.ok([...answer.kept.keys()].every((k) => k.startsWith("b\0")), "the old release's answers are dropped");
  });

  it("keeps no more bytes than its bound, dropping the least recently used", async () => {
    const bound = 64 * 1024;
    const answer = searchAnswers(storeOf(releaseOf("a", 300)), bound);
    const sent = new Map<number, string>();
    for (let limit = 1; limit <= 100; limit++) {
      sent.set(limit, await (await answer(get(`?limit=${limit}`))).text());
      const kept = [...answer.kept.values()].reduce((sum, r) => sum + r.bytes.length, 0);
      assert.ok(kept <= bound, `${kept} bytes kept after limit=${limit}`);
    }
    assert.ok(answer.kept.size < 100, "older answers were dropped");
    assert.ok(!answer.kept.has(`a\0\0limit=1`));
    // A dropped answer is searched again, to the same bytes.
    assert.equal(await (await answer(get("?limit=1"))).text(), sent.get(1));
  });

  it("keeps no refusal", async () => {
    const answer = searchAnswers(storeOf(releaseOf("a", 10)));
    assert.equal((await answer(get("?limit=0"))).status, 400);
    assert.equal(answer.kept.size, 0);
  });
});
