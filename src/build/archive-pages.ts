// The review listing's archive pages: the Nth 50 reviews counted from the oldest, with what every page shows besides,
// and a key over all of it: Astro's incremental build renders again only the pages whose key changed.
import { createHash } from "node:crypto";
import { type CatalogNames, catalogNames } from "../components/model/catalog.ts";
import { archivePageCount, archiveSlice, type ListingNav, listingNav } from "../components/model/paging.ts";
import type { Business } from "../lib/schema/business.ts";
import type { Review } from "../lib/schema/review.ts";
import type { SiteData } from "./site-data.ts";

/** Everything an archive page shows besides its own reviews and navigation. */
type ArchiveContext = { origin: string; business: Business; names: CatalogNames };

export type ArchiveProps = {
  page: number;
  /** Ordinal of the page's oldest review, counted from the first review ever published (1). */
  first: number;
  /** Newest first. */
  reviews: Review[];
  nav: ListingNav;
  context: ArchiveContext;
};

/** The props of each archive page of `site`, with its cache key (the hash of everything it shows). */
export function archivePages({ dataset, insights, origin }: SiteData): { props: ArchiveProps; cacheKey: string }[] {
  const { business, reviews } = dataset;
  const context: ArchiveContext = { origin, business, names: catalogNames(business, insights) };
  const archives = archivePageCount(reviews.length);
  return Array.from({ length: archives }, (_, i) => {
    const page = i + 1;
    const [start, end] = archiveSlice(reviews.length, page);
    const first = reviews.length - end + 1;
    const props = { page, first, reviews: reviews.slice(start, end), nav: listingNav(page, archives), context };
    return { props, cacheKey: createHash("sha256").update(JSON.stringify(props)).digest("base64url") };
  });
}
