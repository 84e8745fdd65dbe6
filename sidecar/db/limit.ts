// A bound on how many tasks run at once: the others wait their turn, first come first served.

/** Runs `task` once fewer than the bound are running, and settles as it does. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimit(max: number): Limit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max: expected a positive integer, got ${max}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A task that ends hands its place to the next waiting one, so `running` counts the places taken.
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
