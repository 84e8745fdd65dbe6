// The page around one review, written once per build with named slots; the sidecar fills them for each review, so the
// layout stays the Astro layout's without rendering a page per review through Astro.

/** Where the build writes the shell in a release: kept there for the sidecar, never published as a page. */
export const REVIEW_SHELL_FILE = "review-page-shell/index.html";

export const SHELL_SLOTS = ["id", "title", "description", "heading", "main"] as const;
export type ShellSlot = (typeof SHELL_SLOTS)[number];

/** What each slot holds, ready for HTML: text and attribute values escaped, `main` already markup. */
export type ShellValues = Readonly<Record<ShellSlot, string>>;

/** A slot's mark in the shell: letters and underscores only, so neither HTML escaping nor a URL changes it. */
export function shellToken(slot: ShellSlot): string {
  return `__review_page_${slot}__`;
}

const TOKEN = /__review_page_([a-z]+)__/g;

/** The shell cut at its slots: literal, slot, literal, ..., literal. */
export type ParsedShell = Readonly<{ literals: readonly string[]; slots: readonly ShellSlot[] }>;

/** Cuts a shell at its slots; throws when a slot is missing or unknown, so a changed layout fails loudly. */
export function parseShell(html: string): ParsedShell {
  const literals: string[] = [];
  const slots: ShellSlot[] = [];
  let last = 0;
  for (const m of html.matchAll(TOKEN)) {
    const slot = m[1] as ShellSlot;
    if (!SHELL_SLOTS.includes(slot)) throw new Error(`the review page shell has an unknown slot "${m[0]}"`);
    literals.push(html.slice(last, m.index));
    slots.push(slot);
    last = m.index + m[0].length;
  }
  literals.push(html.slice(last));
  const missing = SHELL_SLOTS.filter((s) => !slots.includes(s));
  if (missing.length > 0) throw new Error(`the review page shell lacks the slots ${missing.join(", ")}`);
  return { literals, slots };
}

export function fillShell(shell: ParsedShell, values: ShellValues): string {
  let out = shell.literals[0]!;
  for (let i = 0; i < shell.slots.length; i++) out += values[shell.slots[i]!] + shell.literals[i + 1]!;
  return out;
}
