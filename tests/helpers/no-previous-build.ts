// The previous build as a build reads it when there is none: no release to reuse, and why.
import type { PreviousBuild } from "../../src/build/previous-release.ts";

export const noPreviousBuild = (): Promise<PreviousBuild> =>
  Promise.resolve({ release: null, reason: "there is no previous release", fingerprint: "f" });
