// The values passed between the importer's stages: a review as a format read it, a refused row, a format's result.

/** Where a record sits in its export: the file and a row (`row 4 (line 5)`) or a JSON pointer (`/reviews/3`). */
export type Where = Readonly<{ file: string; at: string }>;

/** One refused record or file: where, which field of the export (its own name for it), and why. */
export type Refusal = Where & Readonly<{ field: string; reason: string }>;

/**
 * A review as read from an export, in the data model's shape but before its id is derived and it is validated.
 * `fields` names the export's own field for each data-model path it filled (`rating` → `starRating`), so that a
 * problem found later is reported in the export's terms.
 */
export type Draft = Readonly<{
  where: Where;
  platform: string;
  platformId: string;
  /** Whether the platform vouches for the review (Google: always; Trustpilot: isVerified). */
  verified: boolean;
  record: DraftRecord;
  fields: Readonly<Record<string, string>>;
}>;

export type DraftRecord = {
  published_at: string;
  updated_at: string | null;
  rating: number;
  title: string | null;
  text: string | null;
  language: string | null;
  author: { name: string; avatar_url: string | null };
  experience_date: string | null;
  /** The method when verified (`platform` unless an export says otherwise) and its time. */
  verified: { method: string; verified_at: string } | null;
  source: { platform: string; url: string | null };
  owner_reply: { text: string; published_at: string } | null;
};

/**
 * What a format made of one file besides the reviews it handed over: the records it refused, how many records it
 * saw, and notes for the user (columns it ignored).
 */
export type FormatResult = { refused: Refusal[]; records: number; notes?: string[] };

/** Options that formats take: the generic CSV's column mapping and platform. */
export type FormatOptions = Readonly<{ platform?: string; map?: ReadonlyMap<string, string> }>;

/**
 * Reads one export file (its bytes, checked to be UTF-8), handing each review read to `onDraft` as it goes (so that
 * a large export's reviews are not all held at once), and returns the refusals.
 */
export type Format = (
  file: string,
  bytes: Uint8Array,
  options: FormatOptions,
  onDraft: (draft: Draft) => void,
) => FormatResult;
