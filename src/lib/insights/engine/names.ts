// Finds capitalised words that stand for a person ("Bill was great", "thanks to Rusty"): a name, never a cue word.
import { type Tokens, WORD } from "./tokens.ts";

/**
 * First names that are also words. At the start of a sentence, where every word is capitalised, one of them is a name
 * when what follows is what a person does or is ("Bill explained", "Rusty was great"); inside a sentence any
 * capitalised word is.
 */
const NAME_WORDS = new Set(
  (
    "bill will rusty sunny frank skip chase penny drew art mason wade grant rich hunter sterling joy hope faith grace " +
    "dawn summer chip buck cash guy jack mark pat ray rob sandy woody dusty forrest gene herb miles norm rocky sonny " +
    "stone victor april june may august bud carol clay cliff colt crystal dale dean dell destiny earl ernest glen " +
    "gray holly ivy jay jewel king lane lee major mercedes misty neil pearl pierce reed rose royal ruby rusty " +
    "sage scott shad smith storm tanner tucker ward wes willow wolf wren young"
  ).split(" "),
);
/** What a person does right after their name: "Skip didn't skip a step", "Will got here". */
const PERSON_VERBS = new Set(
  (
    "arrived came comes showed shows got gets went walked drove pulled rolled knocked called calls answered explained " +
    "explains told tells said says talked replaced replaces installed installs fixed fixes repaired diagnosed found " +
    "finds figured knew knows checked tested cleaned cleared snaked ran laid took made did didn't does doesn't has " +
    "had hasn't would wouldn't could couldn't can can't will won't spent stayed worked wore brought pointed offered " +
    "gave helped handled sorted swapped traced chased drew tracked patched painted tiled wired rewired hooked hung " +
    "finished returned listened apologized apologised greeted quoted recommended suggested advised warned laughed " +
    "smiled even also just then really actually finally quickly personally himself herself and & from"
  ).split(" "),
);
/** What a person is, after "was" or "is": "Bill was great", "Sunny is a sweetheart". */
const PERSON_TRAITS = new Set(
  (
    "great awesome amazing fantastic wonderful excellent friendly polite nice kind sweet courteous rude patient " +
    "knowledgeable helpful respectful pleasant professional personable funny terrific superb fabulous outstanding " +
    "lovely delightful cheerful gracious thorough careful meticulous a an the super very really so " +
    "extremely incredibly always never our my here there on out in late early"
  ).split(" "),
);
const COPULAS = new Set(["was", "is", "wasn't", "isn't"]);
/** What comes before a name inside a sentence, capitalised or not: "thanks Bill", "our tech, Rusty". */
const BEFORE_NAME = new Set(
  "thanks thank tech technician plumber electrician installer guy lady man woman named called ask request mr mrs ms dr".split(
    " ",
  ),
);

/**
 * Token by token, the capitalised words that name a person: a word capitalised inside a sentence (unless its
 * neighbours are capitalised too, as in a title, and no "thanks" or "our tech" comes before it), or a name-word (or a
 * word `listed` as no cue, such as a catalog's technician) that opens a sentence and is followed by what a person does
 * or is. Null when there is none.
 */
export function personNames(
  text: string,
  t: Tokens,
  sentenceStart: (token: number) => boolean,
  listed: (token: number) => boolean,
): Uint8Array | null {
  let mask: Uint8Array | null = null;
  const n = t.norm.length;
  for (let i = 0; i < n; i++) {
    if (t.kind[i] !== WORD || !capitalised(text, t, i)) continue;
    const prev = i > 0 && t.kind[i - 1] === WORD ? i - 1 : -1;
    const next = i + 1 < n ? i + 1 : -1;
    let name: boolean;
    if (sentenceStart(i)) {
      const after = next >= 0 ? t.norm[next]! : "";
      name =
        (PERSON_VERBS.has(after) || (COPULAS.has(after) && i + 2 < n && PERSON_TRAITS.has(t.norm[i + 2]!))) &&
        (NAME_WORDS.has(t.norm[i]!) || listed(i));
    } else {
      const titled =
        (prev >= 0 && capitalised(text, t, prev) && !sentenceStart(prev)) || (next >= 0 && capitalised(text, t, next));
      name = !titled || (prev >= 0 && BEFORE_NAME.has(t.norm[prev]!));
    }
    if (!name) continue;
    mask ??= new Uint8Array(n);
    mask[i] = 1;
  }
  return mask;
}

/** "Bill" and "Rusty", not "bill", "BILL" or "I". */
function capitalised(text: string, t: Tokens, i: number): boolean {
  if (t.kind[i] !== WORD) return false;
  // Most words start in lower case: answered without building a string.
  const code = text.charCodeAt(t.start[i]!);
  if (code >= 97 && code <= 122) return false;
  const raw = text.slice(t.start[i], t.end[i]);
  if (raw.length < 2) return false;
  const first = raw[0]!;
  return first !== first.toLowerCase() && raw.slice(1) === raw.slice(1).toLowerCase();
}
