// Keys repeated in a JSON object, which JSON.parse silently resolves to the last one: a count that clears almost every
// text at once, and a scan of the others that names each repeated key.

export type DuplicateKey = {
  /** The repeated key's path, e.g. `author.name` or `services.2.slug`. */
  path: string;
  key: string;
  /** Where the second occurrence starts in the text. */
  offset: number;
};

type Frame = { keys: string[] | null; name: string | number };

/** Every repeated key of `text`, which must be valid JSON and parse to `value`, in the order they appear. */
export function duplicateKeys(text: string, value: unknown): DuplicateKey[] {
  return colonsAfterQuotes(text) > keyCount(value) ? scan(text) : [];
}

/**
 * Every key in the text is followed by a colon whose previous non-blank character is a quote; other such colons can
 * only be inside strings. So when there are no more of them than the parsed value has keys, no key was repeated.
 */
function colonsAfterQuotes(text: string): number {
  let count = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    while (j >= 0 && isBlank(text.charCodeAt(j))) j--;
    if (text.charCodeAt(j) === 0x22 /* " */) count++;
  }
  return count;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function keyCount(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  if (Array.isArray(value)) for (const v of value) count += keyCount(v);
  else
    for (const k in value) {
      count += 1 + keyCount((value as Record<string, unknown>)[k]);
    }
  return count;
}

/** Scans `text` (valid JSON), skipping over strings with indexOf, for keys repeated within one object. */
function scan(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  // The containers open at this point, innermost last; an array's frame counts its elements.
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.keys.includes(key)) found.push({ path: pathOf(stack, key), key, offset: i });
        top.keys.push(key);
        top.name = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      stack.push({ keys: [], name: "" });
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push({ keys: null, name: 0 });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1]!;
      if (top.keys) expectKey = true;
      else top.name = (top.name as number) + 1;
    }
  }
  return found;
}

/** The index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

function pathOf(stack: readonly Frame[], key: string): string {
  return [...stack.slice(0, -1).map((f) => f.name), key].join(".");
}
