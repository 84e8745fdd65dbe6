// What the review pages are rendered from, made once per release: the build's page shell (checked against the
// manifest) and display names.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ParsedShell, parseShell } from "../../src/lib/html/review-shell.ts";
import { type CatalogNames, catalogNames } from "../../src/lib/reviews/catalog-names.ts";
import { ApiError } from "../http/errors.ts";
import { aspectLabels, type IndexedRelease } from "../release/index-store.ts";
import type { Release } from "../release/release.ts";

export type ReviewSources = ReturnType<typeof createReviewSources>;

export function createReviewSources() {
  return Object.freeze({ shell: perRelease(readShell), names: perRelease(namesOf) });
}

/** `make` once per release object; a release no longer referenced takes its entry with it. */
function perRelease<K extends object, V>(make: (release: K) => V): (release: K) => V {
  const made = new WeakMap<K, V>();
  return (release) => {
    if (!made.has(release)) made.set(release, make(release));
    return made.get(release)!;
  };
}

/** The shell of the release being served; rejects when the release has none or it is not what its manifest says. */
async function readShell(release: Release): Promise<ParsedShell> {
  const described = release.manifest.review_shell;
  if (!described)
    throw new ApiError(503, "no_review_pages", "This release was built without review pages: build it again.");
  const bytes = await readFile(path.join(release.dir, described.path));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== described.sha256)
    throw new Error(`release ${release.id}: the review page shell is not its manifest's`);
  return parseShell(bytes.toString("utf8"));
}

function namesOf(indexed: IndexedRelease): CatalogNames {
  return catalogNames(indexed.business, aspectLabels(indexed.insights));
}
