// The engine's analyses of a release's reviews, kept in the release beside the search index and never published: a
// rebuild after reviews were added takes the others' analyses from it (site.ts) instead of loading 100k of them from
// the insights cache and computing /insights.json's aggregates from objects. The same sections container as the search
// index file (index-file-sections.ts), with its checksum.
import { z } from "zod";
import { type AnalysisColumns, LABELS, POLARITIES } from "../lib/insights/analysis-columns.ts";
import { readSections, writeSections } from "../lib/search/index-file-sections.ts";

export const ANALYSIS_COLUMNS_FILE = "analysis-columns.bin";
const FORMAT = "reviews-service analysis columns 1";

const Header = z.object({
  format: z.literal(FORMAT),
  /** The engine version with its taxonomy, lexicon, model and catalog fingerprints (`Analyzer.version`). */
  engine: z.string(),
  size: z.int().min(0),
  strings: z.array(z.string()),
});

/** Why a file cannot be taken as the analyses of the reviews it should hold. */
export class NotTheAnalyses extends Error {
  override name = "NotTheAnalyses";
}

export function encodeAnalysisColumns(columns: AnalysisColumns, engine: string): Uint8Array<ArrayBuffer> {
  const c = columns;
  const header: z.input<typeof Header> = { format: FORMAT, engine, size: c.size, strings: [...c.strings] };
  return writeSections(header, [
    { name: "label", kind: "u8", data: c.label },
    { name: "score", kind: "f64", data: c.score },
    { name: "findingStart", kind: "u32", data: c.findingStart },
    { name: "aspect", kind: "u32", data: c.aspect },
    { name: "polarity", kind: "u8", data: c.polarity },
    { name: "strength", kind: "f64", data: c.strength },
    { name: "phraseStart", kind: "u32", data: c.phraseStart },
    { name: "phrase", kind: "u32", data: c.phrase },
    { name: "problemStart", kind: "u32", data: c.problemStart },
    { name: "problem", kind: "u32", data: c.problem },
    { name: "termStart", kind: "u32", data: c.termStart },
    { name: "term", kind: "u32", data: c.term },
  ]);
}

/**
 * The columns `file` holds, when it was made by the engine `engine` for `size` reviews; throws NotTheAnalyses (or the
 * container's IndexFileError) saying what does not fit otherwise.
 */
export function decodeAnalysisColumns(file: Uint8Array, engine: string, size: number): AnalysisColumns {
  const sections = readSections(file);
  const parsed = Header.safeParse(sections.header);
  if (!parsed.success) throw new NotTheAnalyses(`not an analysis columns file: ${z.prettifyError(parsed.error)}`);
  const header = parsed.data;
  if (header.engine !== engine) throw new NotTheAnalyses(`made by engine ${header.engine}, not ${engine}`);
  if (header.size !== size) throw new NotTheAnalyses(`holds ${header.size} reviews' analyses, not ${size}`);
  const strings = header.strings.length;
  const label = sections.array("label", "u8", size);
  const score = sections.array("score", "f64", size);
  const findingStart = starts(sections.array("findingStart", "u32", size + 1), "findingStart");
  const findings = findingStart[size]!;
  const aspect = numbers(sections.array("aspect", "u32", findings), strings, "aspect");
  const polarity = numbers(sections.array("polarity", "u8", findings), POLARITIES.length, "polarity");
  const strength = sections.array("strength", "f64", findings);
  const phraseStart = starts(sections.array("phraseStart", "u32", findings + 1), "phraseStart");
  const problemStart = starts(sections.array("problemStart", "u32", size + 1), "problemStart");
  const termStart = starts(sections.array("termStart", "u32", size + 1), "termStart");
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
    phrase: numbers(sections.array("phrase", "u32", phraseStart[findings]), strings, "phrase"),
    problemStart,
    problem: numbers(sections.array("problem", "u32", problemStart[size]), strings, "problem"),
    termStart,
    term: numbers(sections.array("term", "u32", termStart[size]), strings, "term"),
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
