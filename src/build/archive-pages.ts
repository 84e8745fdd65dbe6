// The review listing's archive pages for this build, each with a key over everything it shows, and which of them the
// previous release already holds with the same key: a rebuild renders only the others and carries those over.
import { createHash } from "node:crypto";
import { access } from "node:fs/promises";
import path from "node:path";
import { type CatalogNames, catalogNames } from "../components/model/catalog.ts";
import {
  archivePageCount,
  archivePath,
  archiveSlice,
  type ListingNav,
  listingNav,
} from "../components/model/paging.ts";
import type { Business } from "../lib/schema/business.ts";
import type { Review } from "../lib/schema/review.ts";
import type { PreviousBuild, PreviousRelease } from "./previous-release.ts";
import type { Site } from "./site.ts";

/** Everything an archive page shows besides its props. The page reads nothing else: its props and this are its key. */
export type ArchiveContext = { origin: string; business: Business; names: CatalogNames };

export type ArchiveProps = {
  page: number;
  /** Ordinal of the page's oldest review, counted from the first review ever published (1). */
  first: number;
  /** Newest first. */
  reviews: Review[];
  nav: ListingNav;
};

export type ArchivePage = { path: string; file: string; key: string; props: ArchiveProps };

export type ArchivePlan = {
  context: ArchiveContext;
  pages: ArchivePage[];
  /** Pages to render: new, changed, or every page when the previous release cannot be reused. */
  render: ArchivePage[];
  /** Pages the previous release holds with the same key; the publish step links them from it. */
  carried: ArchivePage[];
};

/** The archive pages of `site`, each keyed under this build's code fingerprint and compared with `previous`'s. */
export async function planArchivePages(site: Site, { fingerprint, release }: PreviousBuild): Promise<ArchivePlan> {
  const { dataset, reviewHashes, insights, origin } = site;
  const { business, reviews } = dataset;
  const context: ArchiveContext = { origin, business, names: catalogNames(business, insights) };
  const contextKey = JSON.stringify(context, (_, v: unknown) => (v instanceof Map ? [...v] : v));
  const archives = archivePageCount(reviews.length);
  const pages: ArchivePage[] = [];
  for (let page = 1; page <= archives; page++) {
    const [start, end] = archiveSlice(reviews.length, page);
    const props: ArchiveProps = {
      page,
      first: reviews.length - end + 1,
      reviews: reviews.slice(start, end),
      nav: listingNav(page, archives),
    };
    const hash = createHash("sha256").update(fingerprint).update(contextKey);
    hash.update(JSON.stringify({ page: props.page, first: props.first, nav: props.nav }));
    // Each review by the hash of its JSON, which the change log compares too.
    hash.update(reviewHashes.slice(start, end).join(","));
    const path = archivePath(page);
    pages.push({ path, file: `${path.slice(1)}index.html`, key: hash.digest("hex"), props });
  }
  const sameKey = pages.filter((p) => release?.record.pages[p.path] === p.key);
  const present = release ? await Promise.all(sameKey.map((p) => onDisk(release, p.file))) : [];
  const carried = new Set(sameKey.filter((_, i) => present[i]));
  return { context, pages, render: pages.filter((p) => !carried.has(p)), carried: [...carried] };
}

/** Whether `release` lists `file` and holds it and its variants: a damaged release has its pages rendered again. */
async function onDisk(release: PreviousRelease, file: string): Promise<boolean> {
  const entry = release.files.get(file);
  if (!entry) return false;
  const files = [entry.path, ...Object.values(entry.encodings).flatMap((v) => (v ? [v.path] : []))];
  return Promise.all(files.map((f) => access(path.join(release.dir, f)))).then(
    () => true,
    () => false,
  );
}
