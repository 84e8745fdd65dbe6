// The sync's HTTP client (got): timeouts, retries with backoff on 5xx and network errors, 429/503 waiting as their
// Retry-After says; and its failures turned into errors that carry no request header, body or secret.
import got, { type Got, HTTPError, RequestError } from "got";

export type HttpOptions = Readonly<{
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** The first retry's delay; each next one doubles it, up to 30 s. A Retry-After header overrides it. */
  backoffMs: number;
  /** The longest Retry-After honoured: a platform asking for longer fails the listing (it is retried next run). */
  maxRetryAfterMs: number;
}>;

export const DEFAULT_HTTP: Omit<HttpOptions, "timeoutMs"> = { retries: 4, backoffMs: 1000, maxRetryAfterMs: 120_000 };

/** The largest listing page read: a page of 100 reviews is well under 1 MiB; more is not a listing. */
const MAX_PAGE_BYTES = 16 * 2 ** 20;

/** A failed request, described by method, URL without query, status and the platform's own error code only. */
export class SyncHttpError extends Error {
  override name = "SyncHttpError";
  readonly status: number | null;
  /** The platform's error code from the body (`invalid_grant`, `UNAUTHENTICATED`), when it gives one. */
  readonly code: string | null;
  constructor(message: string, status: number | null, code: string | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** `e` with a hint at what to check after its message. */
export function hinted(e: SyncHttpError, hint: string): SyncHttpError {
  return new SyncHttpError(`${e.message}: ${hint}`, e.status, e.code);
}

/** A listing page's JSON object (`page` names it in the error); anything else fails the listing. */
export function listingObject(bytes: Uint8Array, page: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new SyncHttpError(`${page}: not JSON`, null, null);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new SyncHttpError(`${page}: expected a listing object`, null, null);
  return value as Record<string, unknown>;
}

export function createHttp(o: HttpOptions): Got {
  return got.extend({
    timeout: { request: o.timeoutMs },
    followRedirect: false,
    throwHttpErrors: true,
    retry: {
      limit: o.retries,
      methods: ["GET", "POST"],
      statusCodes: [408, 429, 500, 502, 503, 504],
      backoffLimit: 30_000,
      maxRetryAfter: o.maxRetryAfterMs,
      calculateDelay: ({ computedValue, retryAfter, attemptCount }) => {
        if (computedValue === 0) return 0;
        if (retryAfter !== undefined) return computedValue;
        return Math.min(o.backoffMs * 2 ** (attemptCount - 1), 30_000);
      },
    },
  });
}

/** The body of a GET, refused (SyncHttpError) once it passes `maxBytes`. */
export async function getBytes(
  http: Got,
  url: URL,
  headers: Record<string, string>,
  maxBytes = MAX_PAGE_BYTES,
): Promise<Uint8Array> {
  const controller = new AbortController();
  const request = http.get(url, { headers, signal: controller.signal });
  void request.on("downloadProgress", (p) => {
    if (p.transferred > maxBytes) controller.abort();
  });
  try {
    return await request.buffer();
  } catch (err) {
    if (!controller.signal.aborted) throw err;
    throw new SyncHttpError(`the answer from ${where(url.href)} is larger than ${maxBytes} bytes`, null, null);
  }
}

/**
 * `err` as a SyncHttpError for `what` (e.g. "Google reviews listing"): got's errors hold the request's options, headers
 * included (the access token, the API key), so none of it is kept; any secret found in the text is masked anyway.
 */
export function scrubbed(err: unknown, what: string, secrets: readonly string[]): SyncHttpError {
  if (err instanceof SyncHttpError) return new SyncHttpError(mask(err.message, secrets), err.status, err.code);
  let message: string;
  let status: number | null = null;
  let code: string | null = null;
  if (err instanceof HTTPError) {
    status = err.response.statusCode;
    code = platformCode(err.response.body);
    message = `${what}: HTTP ${status}${code ? ` (${code})` : ""} from ${where(err.response.url)}`;
  } else if (err instanceof RequestError) {
    const url = err.options?.url;
    message = `${what}: ${err.code ?? "request failed"}${url ? ` for ${where(String(url))}` : ""}`;
  } else message = `${what}: ${err instanceof Error ? err.message : String(err)}`;
  const retries = err instanceof RequestError ? (err.request?.retryCount ?? 0) : 0;
  if (retries > 0) message += ` (after ${retries} ${retries === 1 ? "retry" : "retries"})`;
  return new SyncHttpError(mask(message, secrets), status, code);
}

/** The URL's origin and path: queries carry page tokens and, on some platforms, keys. */
function where(url: string): string {
  const u = URL.parse(url);
  return u ? `${u.origin}${u.pathname}` : "(unparsable URL)";
}

/** The platform's error code from an error body: OAuth's `error`, Google's `error.status`, Trustpilot's `errorCode`. */
function platformCode(body: unknown): string | null {
  let value: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body));
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as { error?: unknown; errorCode?: unknown };
  const code =
    typeof v.error === "string"
      ? v.error
      : typeof v.error === "object" && v.error !== null
        ? (v.error as { status?: unknown }).status
        : v.errorCode;
  return typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : null;
}

export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("[secret]");
  return out;
}
