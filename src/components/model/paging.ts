// The review listing's URLs: /reviews/ is page 1, /reviews/page/2/ onwards, 50 reviews a page, newest first.

export const REVIEWS_PER_PAGE = 50;

export function pageCount(reviewCount: number): number {
  return Math.max(1, Math.ceil(reviewCount / REVIEWS_PER_PAGE));
}

export function listingPath(page: number): string {
  return page <= 1 ? "/reviews/" : `/reviews/page/${page}/`;
}

/** Where the review at `index` of the newest-first list is shown: its listing page and anchor. */
export function reviewPath(index: number, id: string): string {
  return `${listingPath(Math.floor(index / REVIEWS_PER_PAGE) + 1)}#review-${id}`;
}
