// The sidecar's search index store: a new release is indexed in steps with the event loop let through between them,
// and the previous index answers until the new one is whole.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { it } from "node:test";
import { sampleSite, writeRelease } from "../../../scripts/bench/lib/synthetic-release.ts";
import { loadRelease } from "../../../sidecar/dist/release.ts";
import { memoryLogger } from "../../../sidecar/log.ts";
import { createSearchIndexStore } from "../../../sidecar/search/index-store.ts";
import { STEP } from "../../../src/lib/search/text-index.ts";
import { dataset } from "../../helpers/dataset.ts";

it("indexes a new release in steps, pausing for the event loop between them, then answers from it", async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "index-store-"));
  try {
    const [small, large] = [path.join(tmp, "small"), path.join(tmp, "large")];
    await writeRelease(small, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(10)) } });
    await writeRelease(large, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(9000)) } });
    let pauses = 0;
    const counting = () => {
      pauses++;
      return nextTurn();
    };
    const store = await createSearchIndexStore(await loadRelease(small), memoryLogger(), counting);
    assert.equal(store.current().index.size, 10);
    assert.equal(pauses, 0, "10 reviews are one step");

    const updating = store.update(await loadRelease(large));
    // Until the new index is whole, the old one answers.
    assert.equal(store.current().index.size, 10);
    await updating;
    assert.equal(store.current().index.size, 9000);
    // Reading the rows, then the text index's two passes, each pause every STEP reviews.
    assert.equal(pauses, 3 * Math.floor(9000 / STEP));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
