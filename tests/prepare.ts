// Builds the sample release the test files share before they run, so that files run at once only read it.
import { sampleRelease } from "./helpers/build.ts";

process.stdout.write(`sample release: ${await sampleRelease()}\n`);
