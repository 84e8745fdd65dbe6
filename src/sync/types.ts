// The values the sync passes between its stages: each platform's settings (read in src/config.ts), a fetched page.
import type { Config } from "../config.ts";

type SyncConfig = Config["sync"];
export type GoogleSyncConfig = NonNullable<SyncConfig["google"]>;
export type TrustpilotSyncConfig = NonNullable<SyncConfig["trustpilot"]>;

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
