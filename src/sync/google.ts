// Google Business Profile: an access token from the OAuth 2 refresh token, then the v4 reviews listing of the location,
// newest change first, page by page (pageToken / nextPageToken). A 401 refreshes the token once and retries the page.
import type { Got } from "got";
import { getBytes, hinted, listingObject, scrubbed, SyncHttpError } from "./http.ts";
import type { GoogleSyncConfig, Page } from "./types.ts";

/** The API's largest page. */
const GOOGLE_PAGE_SIZE = 50;

const CREDENTIALS = "GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN";

/** The secrets to keep out of every message of this source. */
export function googleSecrets(c: GoogleSyncConfig): string[] {
  return [c.clientSecret, c.refreshToken];
}

export async function* googlePages(c: GoogleSyncConfig, http: Got): AsyncGenerator<Page> {
  const secrets = googleSecrets(c);
  let token = await accessToken(c, http);
  secrets.push(token);
  let pageToken: string | null = null;
  let n = 0;
  do {
    n++;
    const url = new URL(`${c.apiUrl}/v4/${c.location}/reviews`);
    url.searchParams.set("pageSize", String(GOOGLE_PAGE_SIZE));
    url.searchParams.set("orderBy", "updateTime desc");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    let bytes: Uint8Array;
    try {
      bytes = await getPage(http, url, token);
    } catch (err) {
      if (!(err instanceof SyncHttpError && err.status === 401))
        throw scrubbed(err, `Google reviews page ${n}`, secrets);
      token = await accessToken(c, http);
      secrets.push(token);
      try {
        bytes = await getPage(http, url, token);
      } catch (again) {
        const e = scrubbed(again, `Google reviews page ${n}`, secrets);
        if (e.status === 401 || e.status === 403)
          throw hinted(
            e,
            `a fresh access token was refused too; check that the Google account behind ${CREDENTIALS} manages ${c.location} (GOOGLE_LOCATION) and that the Business Profile API is enabled (docs/sync.md)`,
          );
        throw e;
      }
    }
    const listing = readListing(bytes, n);
    pageToken = listing.nextPageToken;
    yield { bytes, label: `google page ${n}`, empty: !listing.hasReviews };
  } while (pageToken);
}

/** A page's bytes; a 401 becomes a SyncHttpError with that status so that the caller refreshes the token. */
async function getPage(http: Got, url: URL, token: string): Promise<Uint8Array> {
  try {
    return await getBytes(http, url, { authorization: `Bearer ${token}` });
  } catch (err) {
    throw scrubbed(err, "Google reviews listing", [token]);
  }
}

async function accessToken(c: GoogleSyncConfig, http: Got): Promise<string> {
  let body: { access_token?: unknown };
  try {
    body = await http
      .post(c.tokenUrl, {
        form: {
          client_id: c.clientId,
          client_secret: c.clientSecret,
          refresh_token: c.refreshToken,
          grant_type: "refresh_token",
        },
      })
      .json();
  } catch (err) {
    const e = scrubbed(err, "Google OAuth token refresh", googleSecrets(c));
    if (e.code === "invalid_grant")
      throw hinted(
        e,
        `GOOGLE_REFRESH_TOKEN is expired or revoked (an app left in "Testing" gets tokens that die after seven days); get a new one as docs/sync.md says and publish the app to keep it`,
      );
    if (e.code === "invalid_client" || e.code === "unauthorized_client")
      throw hinted(
        e,
        `GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is wrong, or the refresh token was issued to another client (docs/sync.md)`,
      );
    throw e;
  }
  if (typeof body.access_token !== "string" || body.access_token === "")
    throw new SyncHttpError("Google OAuth token refresh: the answer holds no access_token", null, null);
  return body.access_token;
}

/** The next page's token (null on the last page) and whether the page holds reviews; a non-listing fails. */
function readListing(bytes: Uint8Array, n: number): { nextPageToken: string | null; hasReviews: boolean } {
  const { nextPageToken: token, reviews } = listingObject(bytes, `Google reviews page ${n}`);
  return {
    nextPageToken: typeof token === "string" && token !== "" ? token : null,
    hasReviews: reviews !== undefined && reviews !== null,
  };
}
