// The build's per-review analysis cache: one JSON Lines file per engine version under .cache/insights/, keyed by content
// hash; analysis-lines.ts says how a line holds an analysis and the language detected in the text.
import { hash } from "node:crypto";
import { appendFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Analyzer, ReviewAnalysis } from "../lib/insights/engine/analyze.ts";
import { fingerprint } from "../lib/insights/engine/fingerprint.ts";
import { detectLanguage } from "../lib/text/language.ts";
import { analysisLine, type Derived, readAnalysisLine, type StoredAnalysis, StringTable } from "./analysis-lines.ts";

export type CachedAnalyses = {
  /** Analysis per review id. */
  analyses: Map<string, ReviewAnalysis>;
  /** The language detected in each review's text (`detectLanguage`), by review id. */
  languages: Map<string, string>;
  hits: number;
  misses: number;
  file: string;
};

const KEEP_OTHER_FILES = 6;

type Reviewish = { id: string; text: string | null; rating: number };

/**
 * Analyses every review and detects its text's language (`fallback`, the business's, when unclear), reusing earlier
 * results whose text, rating and fallback hash the same under the same engine version (the version covers the engine,
 * taxonomy, lexicon, aspect model and catalog names). New entries are appended; the
 * file is rewritten with only the entries this build used once unused ones would be more than a tenth of it, so it
 * tracks the data without rewriting the whole file for every added review. Of other files only the most recent few are
 * kept. A cache that cannot be read or written costs time, never correctness: the build then analyses everything.
 */
export async function analyzeWithCache(
  reviews: readonly Reviewish[],
  analyzer: Analyzer,
  dir: string,
  scope = "",
  fallback = "en",
): Promise<CachedAnalyses> {
  const file = cacheFile(dir, analyzer, scope);
  const cached = await load(file);
  const used = new Map<string, Entry>();
  const analyses = new Map<string, ReviewAnalysis>();
  const languages = new Map<string, string>();
  const added = new Map<string, Entry>();
  let hits = 0;
  for (const r of reviews) {
    const key = contentKey(r.text, r.rating, fallback);
    let entry = used.get(key);
    if (entry) hits++;
    else {
      // A line that turns out not to be an analysis is written again, and the one read later wins.
      const stored = cached.entries.get(key)?.derived(r.text);
      if (stored) hits++;
      entry = stored
        ? { text: r.text, ...stored }
        : { text: r.text, analysis: analyzer.analyze(r.text, r.rating), language: detectLanguage(r.text, fallback) };
      if (!stored) added.set(key, entry);
      used.set(key, entry);
    }
    analyses.set(r.id, entry.analysis);
    languages.set(r.id, entry.language);
  }
  const misses = reviews.length - hits;
  // Lines the file holds but this build did not use (unused entries, duplicates, torn lines).
  const unused = cached.lines - (used.size - added.size);
  if (cached.lines === 0 || unused > cached.lines / 10) await save(dir, file, used);
  else if (added.size > 0) await append(dir, file, added, cached);
  return { analyses, languages, hits, misses, file };
}

/** The format of the file's lines (analysis-lines.ts), in its name: a file of another format is not read. */
const FORMAT = "f3";

/**
 * The cache file for an engine version and a scope (the data directory), so that builds of different data sets
 * (the sample, a benchmark set) do not evict each other's entries.
 */
export function cacheFile(dir: string, analyzer: Analyzer, scope = ""): string {
  const version = analyzer.version.replace(/[^A-Za-z0-9._+-]/g, "_");
  const name = scope ? `${version}.${FORMAT}.${fingerprint(path.resolve(scope))}` : `${version}.${FORMAT}`;
  return path.join(dir, `${name}.jsonl`);
}

/** One-shot `hash`: a third of `createHash` for 100k short texts. */
function contentKey(text: string | null, rating: number, fallback: string): string {
  return hash("sha256", `${rating}\u0000${fallback}\u0000${text ?? "\u0001"}`, "base64url").slice(0, 24);
}

/** An analysis and language with the text they were made from (its evidence is stored as spans of that text). */
type Entry = Derived & { text: string | null };

/**
 * The file's entries, the strings its lines defined, how many lines it holds (torn and repeated ones included), and
 * whether it ends a line.
 */
type Loaded = { entries: Map<string, StoredAnalysis>; table: StringTable; lines: number; endsWithNewline: boolean };

async function load(file: string): Promise<Loaded> {
  const loaded: Loaded = { entries: new Map(), table: new StringTable(), lines: 0, endsWithNewline: true };
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return loaded;
  }
  loaded.endsWithNewline = text === "" || text.endsWith("\n");
  for (const line of text.split("\n")) {
    if (!line) continue;
    loaded.lines++;
    // A torn or foreign line only means that review is analysed again.
    const stored = readAnalysisLine(line, loaded.table);
    if (stored) loaded.entries.set(stored.key, stored);
  }
  return loaded;
}

const linesOf = (entries: Map<string, Entry>, table: StringTable) =>
  Array.from(entries, ([key, e]) => `${analysisLine(key, e.text, e, table)}\n`).join("");

/** Adds entries at the end, on a line of their own after a torn last line (which `load` skips). */
async function append(dir: string, file: string, entries: Map<string, Entry>, loaded: Loaded): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await appendFile(file, (loaded.endsWithNewline ? "" : "\n") + linesOf(entries, loaded.table));
    await pruneOthers(dir, file);
  } catch (err) {
    process.stderr.write(`insights cache: could not append to ${file} (${(err as Error).message})\n`);
  }
}

async function save(dir: string, file: string, entries: Map<string, Entry>): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, linesOf(entries, new StringTable()));
    await rename(tmp, file);
    await pruneOthers(dir, file);
  } catch (err) {
    process.stderr.write(
      `insights cache: could not write ${file} (${(err as Error).message}); the next build analyses again\n`,
    );
  }
}

/** Other files (older engines, other data sets, other catalogs in tests): the few most recent are kept. */
async function pruneOthers(dir: string, file: string): Promise<void> {
  const others = (await readdir(dir))
    .filter((n) => n.endsWith(".jsonl") && path.join(dir, n) !== file)
    .map((n) => path.join(dir, n));
  const dated = await Promise.all(others.map(async (f) => ({ f, t: (await stat(f).catch(() => null))?.mtimeMs ?? 0 })));
  dated.sort((a, b) => b.t - a.t || (a.f < b.f ? -1 : 1));
  for (const { f } of dated.slice(KEEP_OTHER_FILES)) await rm(f, { force: true });
}
