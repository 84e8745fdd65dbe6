// The documented total order of reviews: newest first (date, then id, descending); oldest first is its reverse.

type Ordered = { date: string; id: string };

/** Newest first: date descending, then id descending by plain string comparison. */
export function newestFirst(a: Ordered, b: Ordered): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}
