// The sample release served by an in-process sidecar for a test file of the pages: its files and its published dataset.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before } from "node:test";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { sampleRelease } from "../../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";

export type ServedSample = {
  sc: TestSidecar;
  dataset: ReviewsDataset;
  /** A file of the release, by its path in it. */
  file: (rel: string) => Promise<string>;
  /** The body of a GET of `urlPath`. */
  page: (urlPath: string) => Promise<string>;
};

/** Registers the file's before and after hooks; the fields are set once `before` has run. */
export function servedSample(): ServedSample {
  const s = {} as ServedSample;
  before(async () => {
    const dist = await sampleRelease();
    s.sc = await startTestSidecar(dist);
    s.file = (rel) => readFile(path.join(dist, rel), "utf8");
    s.page = async (urlPath) => (await s.sc.get(urlPath)).text();
    s.dataset = JSON.parse(await s.file("reviews.json")) as ReviewsDataset;
  });
  after(() => s.sc?.stop());
  return s;
}
