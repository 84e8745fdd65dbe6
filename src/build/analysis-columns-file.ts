// The engine's analyses of a release's reviews, kept in the release beside the search index and never published: a
// rebuild after reviews were added takes the others' analyses from it (site.ts) instead of loading 100k of them from
// the insights cache and computing /insights.json's aggregates from objects. The same sections container as the search
// index file (index-file-sections.ts), with its checksum.
import { z } from "zod";
import { type AnalysisColumns, LABELS, POLARITIES } from "../lib/insights/analysis-columns.ts";
import { joinReviewHashes } from "../lib/changes/log.ts";
import { readSections, writeSections } from "../lib/search/index-file-sections.ts";
import { sha256 } from "./hash.ts";

export const ANALYSIS_COLUMNS_FILE = "analysis-columns.bin";
const FORMAT = "reviews-service analysis columns 1";

const Header = z.object({
  format: z.literal(FORMAT),
  /** The engine version with its taxonomy, lexicon, model and catalog fingerprints (`Analyzer.version`). */
  engine: z.string(),
  /** The reviews analysed: `reviewsDigest` of their published JSON's hashes, in the columns' order. */
  reviews: z.string(),
  size: z.int().min(0),
  strings: z.array(z.string()),
});

/** The sections, in the file's order, with the kind of array each is. */
const SECTIONS = {
  label: "u8",
  score: "f64",
  findingStart: "u32",
  aspect: "u32",
  polarity: "u8",
  strength: "f64",
  phraseStart: "u32",
  phrase: "u32",
  problemStart: "u32",
  problem: "u32",
  termStart: "u32",
  term: "u32",
} as const;

/** What ties the file to the reviews it analyses: the sha256 of their `reviewHash`es, in order. */
export const reviewsDigest = (hashes: readonly string[]): string => sha256(Buffer.from(joinReviewHashes(hashes)));

/** Why a file cannot be taken as the analyses of the reviews it should hold. */
export class NotTheAnalyses extends Error {
  override name = "NotTheAnalyses";
}

/** The file for `columns`, made by the engine `engine` from the reviews whose `reviewsDigest` is `reviews`. */
export function encodeAnalysisColumns(
  columns: AnalysisColumns,
  engine: string,
  reviews: string,
): Uint8Array<ArrayBuffer> {
  const header: z.input<typeof Header> = {
    format: FORMAT,
    engine,
    reviews,
    size: columns.size,
    strings: [...columns.strings],
  };
  const names = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
  return writeSections(
    header,
    names.map((name) => ({ name, kind: SECTIONS[name], data: columns[name] })),
  );
}

/**
 * The columns `file` holds, when it was made by the engine `engine` from the `size` reviews whose `reviewsDigest` is
 * `reviews`; throws NotTheAnalyses (or the container's IndexFileError) saying what does not fit otherwise.
 */
export function decodeAnalysisColumns(
  file: Uint8Array,
  engine: string,
  reviews: string,
  size: number,
): AnalysisColumns {
  const sections = readSections(file);
  const parsed = Header.safeParse(sections.header);
  if (!parsed.success) throw new NotTheAnalyses(`not an analysis columns file: ${z.prettifyError(parsed.error)}`);
  const header = parsed.data;
  if (header.engine !== engine) throw new NotTheAnalyses(`made by engine ${header.engine}, not ${engine}`);
  if (header.size !== size) throw new NotTheAnalyses(`holds ${header.size} reviews' analyses, not ${size}`);
  if (header.reviews !== reviews) throw new NotTheAnalyses("analyses other reviews than those published beside it");
  const strings = header.strings.length;
  const array = <N extends keyof typeof SECTIONS>(name: N, length: number) =>
    sections.array(name, SECTIONS[name], length) as AnalysisColumns[N];
  const label = array("label", size);
  const score = array("score", size);
  const findingStart = starts(array("findingStart", size + 1), "findingStart");
  const findings = findingStart[size]!;
  const aspect = numbers(array("aspect", findings), strings, "aspect");
  const polarity = numbers(array("polarity", findings), POLARITIES.length, "polarity");
  const strength = array("strength", findings);
  const phraseStart = starts(array("phraseStart", findings + 1), "phraseStart");
  const problemStart = starts(array("problemStart", size + 1), "problemStart");
  const termStart = starts(array("termStart", size + 1), "termStart");
  return Object.freeze({
    size,
    strings: header.strings,
    label: numbers(label, LABELS.length, "label"),
    score,
    findingStart,
    aspect,
    polarity,
    strength,
    phraseStart,
    phrase: numbers(array("phrase", phraseStart[findings]!), strings, "phrase"),
    problemStart,
    problem: numbers(array("problem", problemStart[size]!), strings, "problem"),
    termStart,
    term: numbers(array("term", termStart[size]!), strings, "term"),
  });
}

/** `values`, once each is below `bound`. */
function numbers<T extends Uint8Array | Uint32Array>(values: T, bound: number, name: string): T {
  for (const v of values) if (v >= bound) throw new NotTheAnalyses(`${name} holds ${v}, past ${bound - 1}`);
  return values;
}

/** `values`, once they start at 0 and never decrease. */
function starts(values: Uint32Array, name: string): Uint32Array {
  if (values[0] !== 0) throw new NotTheAnalyses(`${name} does not start at 0`);
  for (let i = 1; i < values.length; i++)
    if (values[i]! < values[i - 1]!) throw new NotTheAnalyses(`${name} decreases at ${i}`);
  return values;
}
