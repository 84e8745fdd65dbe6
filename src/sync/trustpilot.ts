// Trustpilot: the public Business Units reviews listing (API key in the `apikey` header), newest first, page by page
// following the listing's own `links` (rel `next-page`), which must stay on TRUSTPILOT_API_URL's origin.
import type { Got } from "got";
import { getBytes, hinted, listingObject, scrubbed, SyncHttpError } from "./http.ts";
import type { Page, TrustpilotSyncConfig } from "./types.ts";

/** The endpoint's largest page. */
const TRUSTPILOT_PAGE_SIZE = 100;

export function trustpilotSecrets(c: TrustpilotSyncConfig): string[] {
  return [c.apiKey];
}

export async function* trustpilotPages(c: TrustpilotSyncConfig, http: Got): AsyncGenerator<Page> {
  const secrets = trustpilotSecrets(c);
  let url: URL | null = new URL(`${c.apiUrl}/v1/business-units/${encodeURIComponent(c.businessUnitId)}/reviews`);
  url.searchParams.set("perPage", String(TRUSTPILOT_PAGE_SIZE));
  url.searchParams.set("orderBy", "createdat.desc");
  const origin = url.origin;
  let n = 0;
  while (url) {
    n++;
    let bytes: Uint8Array;
    try {
      bytes = await getBytes(http, url, { apikey: c.apiKey });
    } catch (err) {
      const e = scrubbed(err, `Trustpilot reviews page ${n}`, secrets);
      if (e.status === 401 || e.status === 403)
        throw hinted(
          e,
          `TRUSTPILOT_API_KEY was refused; check the key in Trustpilot Business (Integrations → API) and that it belongs to TRUSTPILOT_BUSINESS_UNIT_ID (docs/sync.md)`,
        );
      if (e.status === 404) throw hinted(e, `no such business unit; check TRUSTPILOT_BUSINESS_UNIT_ID (docs/sync.md)`);
      throw e;
    }
    const next = nextPage(bytes, n);
    yield { bytes, label: `trustpilot page ${n}` };
    url = next === null ? null : new URL(next, url);
    if (url && url.origin !== origin)
      throw new SyncHttpError(
        `Trustpilot reviews page ${n}: its next-page link leaves ${origin}; the API key is not sent elsewhere`,
        null,
        null,
      );
  }
}

/** The `next-page` link of a listing, or null on the last page. */
function nextPage(bytes: Uint8Array, n: number): string | null {
  const links = listingObject(bytes, `Trustpilot reviews page ${n}`).links;
  if (!Array.isArray(links)) return null;
  for (const link of links) {
    const l = link as { rel?: unknown; href?: unknown } | null;
    if (l && l.rel === "next-page" && typeof l.href === "string" && l.href !== "") return l.href;
  }
  return null;
}
