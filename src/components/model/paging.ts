// The review listing's pages. /reviews/ shows the newest 50-99 reviews; every older review sits on an archive page,
// /reviews/page/1/ holding the 50 oldest, /reviews/page/2/ the next 50, and so on. A new review only changes /reviews/
// (and, once per 50 reviews, adds an archive page), so archive pages keep their URL, contents and ETag for good.

const REVIEWS_PER_PAGE = 50;
export const LISTING_PATH = "/reviews/";

/** Archive pages for `total` reviews: the full blocks of 50 from the oldest, less the newest block /reviews/ shows. */
export function archivePageCount(total: number): number {
  return Math.max(0, Math.floor(total / REVIEWS_PER_PAGE) - 1);
}

/** How many of the newest reviews /reviews/ shows: all of them up to 99, else 50-99. */
export function frontPageSize(total: number): number {
  return total - archivePageCount(total) * REVIEWS_PER_PAGE;
}

export function archivePath(page: number): string {
  return `/reviews/page/${page}/`;
}

/** Archive page `page` as [start, end) indexes into the newest-first list of `total` reviews. */
export function archiveSlice(total: number, page: number): [number, number] {
  return [total - page * REVIEWS_PER_PAGE, total - (page - 1) * REVIEWS_PER_PAGE];
}

/** Where the review at `index` of the newest-first list of `total` reviews is shown: its page and anchor. */
export function reviewPath(index: number, id: string, total: number): string {
  const page = Math.floor((total - 1 - index) / REVIEWS_PER_PAGE) + 1;
  return `${page <= archivePageCount(total) ? archivePath(page) : LISTING_PATH}#review-${id}`;
}

export type PagerItem = { label: string; href: string; current: boolean } | "gap";

/** A listing page's navigation, newest to oldest, as the list itself reads. */
export type ListingNav = { newer: string | null; older: string | null; items: PagerItem[] };

/**
 * The navigation of archive page `current` (`"latest"` for /reviews/) among `archives` archive pages. An archive page
 * links to at most two newer archive pages, so its navigation, and with it the page, only changes while those appear.
 */
export function listingNav(current: number | "latest", archives: number): ListingNav {
  const at = current === "latest" ? archives + 1 : current;
  const newest = Math.min(archives, at + 2);
  const numbers = [...new Set([newest, at + 2, at + 1, at, at - 1, at - 2, 1])]
    .filter((p) => p >= 1 && p <= newest)
    .sort((a, b) => b - a);
  const items: PagerItem[] = [{ label: "Latest", href: LISTING_PATH, current: current === "latest" }];
  let previous = archives + 1;
  for (const p of numbers) {
    if (previous - p > 1) items.push("gap");
    items.push({ label: String(p), href: archivePath(p), current: p === current });
    previous = p;
  }
  return {
    newer: current === "latest" ? null : current < archives ? archivePath(current + 1) : LISTING_PATH,
    older: at > 1 ? archivePath(at - 1) : null,
    items,
  };
}
