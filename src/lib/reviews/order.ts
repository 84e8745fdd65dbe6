// The documented total orders of reviews: newest first (date, then id, descending) and its reverse.

type Ordered = { date: string; id: string };

/** Newest first: date descending, then id descending by plain string comparison. */
export function newestFirst(a: Ordered, b: Ordered): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** Oldest first: date ascending, then id ascending. */
export function oldestFirst(a: Ordered, b: Ordered): number {
  return -newestFirst(a, b);
}
