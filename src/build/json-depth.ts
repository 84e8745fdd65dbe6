// How deeply JSON text nests arrays and objects, measured without parsing it: the checks that walk a parsed value
// (duplicate keys, the schemas) recurse, and a line nested thousands deep would overflow the stack instead of being
// named as the problem it is.

/** Arrays and objects within each other a data file may hold: a review nests 3 deep, business.json 4. */
const MAX_JSON_DEPTH = 32;

/** Whether `text` nests arrays and objects deeper than `max` (brackets inside strings are not counted). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The problem to report for text nested too deep. */
export const TOO_DEEP = `nested more than ${MAX_JSON_DEPTH} deep (arrays and objects within each other); no field of the data model nests so deep`;
