// The nesting depth of a parsed JSON value, measured without recursion: a request nested deeper than any real one is
// refused before a schema or JSON.stringify walks it (and overflows the stack).

/** Containers (objects and arrays) nested in one another: `{"a": [1]}` is 2 levels deep. */
export const MAX_REQUEST_DEPTH = 64;

/** The path to the first container nested deeper than `max` levels, or null when the value stays within them. */
export function deepPath(value: unknown, max = MAX_REQUEST_DEPTH): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const v = item.value;
    if (v === null || typeof v !== "object") continue;
    if (item.path.length >= max) return item.path;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ value: x, path: [...item.path, i] }));
    else for (const [k, x] of Object.entries(v)) stack.push({ value: x, path: [...item.path, k] });
  }
  return null;
}
