// Builds the sample releases the test files share before they run, so that files run at once only read or copy them:
// the sample data, and the live release of its first reviews that the build's refusals leave in place. The scratch
// directories an earlier run left in the project's folder for test builds go first.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { SCRATCH_DIR } from "../scripts/lib/build-site.ts";
import { SAMPLE_PREFIX, sampleRelease } from "./helpers/build.ts";
import { LIVE_REVIEWS } from "./helpers/data-dir.ts";

for (const name of await readdir(SCRATCH_DIR).catch(() => []))
  if (!name.startsWith(SAMPLE_PREFIX)) await rm(path.join(SCRATCH_DIR, name), { recursive: true, force: true });
const [sample, live] = await Promise.all([sampleRelease(), sampleRelease(LIVE_REVIEWS)]);
process.stdout.write(`sample release: ${sample}\nlive release (${LIVE_REVIEWS} reviews): ${live}\n`);
