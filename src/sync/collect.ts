// A source's listing read page by page through the importer's own format reader and record checks, within the page
// and review limits; an incremental listing stops after the first page that brings nothing new or changed.
import { readGoogle } from "../import/formats/google.ts";
import { readTrustpilotJson } from "../import/formats/trustpilot-json.ts";
import { type Records, recordCollector } from "../import/records.ts";
import type { Format } from "../import/types.ts";
import { mask } from "./http.ts";
import type { Mode, Page, Platform } from "./types.ts";

/**
 * complete: every page read; stopped: an incremental listing ended at a page without news (never a basis for
 * removals); failed: the listing broke off (error says why), and nothing of it may be used.
 */
export type Outcome = "complete" | "stopped" | "failed";

export type Collected = {
  platform: Platform;
  mode: Mode;
  records: Records;
  /** Reviews the pages held (imported, unverified or refused). */
  fetched: number;
  pages: number;
  outcome: Outcome;
  error: string | null;
};

export type CollectOptions = Readonly<{
  mode: Mode;
  maxPages: number;
  maxReviews: number;
  /** The clock (epoch ms) timestamps may not be more than a day after. */
  now: number;
  /** The data file's lines by id, to tell a page with news from one without. */
  existing: ReadonlyMap<string, string>;
  suppressed: ReadonlySet<string>;
  /** Masked in any error text, whatever produced it. */
  secrets: readonly string[];
}>;

const READERS: Readonly<Record<Platform, Format>> = { google: readGoogle, trustpilot: readTrustpilotJson };

export async function collectListing(
  platform: Platform,
  pages: AsyncIterable<Page>,
  o: CollectOptions,
): Promise<Collected> {
  const { records, add } = recordCollector({ includeUnverified: false, now: o.now });
  const c: Collected = { platform, mode: o.mode, records, fetched: 0, pages: 0, outcome: "complete", error: null };
  const fail = (message: string): Collected => ({ ...c, outcome: "failed", error: mask(message, o.secrets) });
  try {
    for await (const page of pages) {
      c.pages++;
      if (c.pages > o.maxPages)
        return fail(
          `${platform}: the listing has more than ${o.maxPages} pages (SYNC_MAX_PAGES); raise it to list them all`,
        );
      const importedBefore = records.imported.length;
      const read = page.empty ? { records: 0, refused: [] } : READERS[platform](page.label, page.bytes, {}, add);
      c.fetched += read.records;
      records.refused.push(...read.refused);
      if (c.fetched > o.maxReviews)
        return fail(
          `${platform}: the listing holds more than ${o.maxReviews} reviews (SYNC_MAX_REVIEWS); raise it to list them all`,
        );
      if (o.mode === "incremental" && !hasNews(records, importedBefore, o)) {
        c.outcome = "stopped";
        break;
      }
    }
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  return c;
}

/** Whether the reviews a page added are new to the data file, or differ from their line there. */
function hasNews(records: Records, from: number, o: CollectOptions): boolean {
  for (let i = from; i < records.imported.length; i++) {
    const r = records.imported[i]!;
    if (!o.suppressed.has(r.id) && o.existing.get(r.id) !== r.line) return true;
  }
  return false;
}
