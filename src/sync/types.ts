// The values the sync passes between its stages: each platform's settings (read in src/config.ts), a fetched page.

export type GoogleSyncConfig = Readonly<{
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** accounts/<id>/locations/<id> */
  location: string;
  apiUrl: string;
  tokenUrl: string;
}>;

export type TrustpilotSyncConfig = Readonly<{ apiKey: string; businessUnitId: string; apiUrl: string }>;

export type SyncConfig = Readonly<{
  google: GoogleSyncConfig | null;
  trustpilot: TrustpilotSyncConfig | null;
  /** Pages one listing may take; a listing that needs more is incomplete and changes nothing. */
  maxPages: number;
  /** Reviews one listing may hold; likewise. */
  maxReviews: number;
  timeoutSeconds: number;
}>;

export type Platform = "google" | "trustpilot";

export const PLATFORMS: readonly Platform[] = ["google", "trustpilot"];

/** One page of a listing as the platform sent it (the importer's format reads its bytes) and what names it. */
export type Page = Readonly<{
  bytes: Uint8Array;
  label: string;
  /** A page without reviews: Google leaves the `reviews` member out of an empty listing. */
  empty?: boolean;
}>;

/** Full: every page, the only listing that may remove reviews. Incremental: newest first, up to a page with no news. */
export type Mode = "full" | "incremental";
