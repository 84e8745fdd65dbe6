// Names listed in an error message, few enough to read.

/** "a, b, c" with at most `max` names shown. */
export function listing(names: readonly string[], max = 20): string {
  return names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}
