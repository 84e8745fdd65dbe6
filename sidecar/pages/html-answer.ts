// An HTML page the sidecar renders (a review's page, a search answer): in the coding the request accepts, with a strong
// ETag of its bytes per coding and the release's Last-Modified, so caches and browsers revalidate it with a 304.
import { createHash } from "node:crypto";
import { httpDate } from "../../src/lib/dates.ts";
import {
  chooseCoding,
  codedValidators,
  DYNAMIC_CACHE_CONTROL,
  encodeBody,
  type Rendered,
  send,
} from "../search/json-response.ts";

export async function sendHtml(
  req: Request,
  html: string,
  opts: Readonly<{ updatedAt: string; csp: string; status?: number }>,
): Promise<Response> {
  const body = Buffer.from(html);
  const coding = chooseCoding(req.headers.get("accept-encoding"), body.length);
  const sha = createHash("sha256").update(body).digest();
  const lastModified = httpDate(opts.updatedAt);
  const validators = codedValidators(
    { etag: `"${sha.subarray(0, 16).toString("base64url")}"`, lastModified, lastModifiedMs: Date.parse(lastModified) },
    coding,
  );
  const status = opts.status ?? 200;
  // A refusal is not the release's data: a cache keeping it would go on refusing a corrected request.
  const common: Record<string, string> =
    status >= 400
      ? { "cache-control": "no-store", vary: "Accept-Encoding" }
      : {
          "cache-control": DYNAMIC_CACHE_CONTROL,
          vary: "Accept-Encoding",
          etag: validators.etag,
          "last-modified": lastModified,
        };
  const bytes = await encodeBody(body, coding);
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(bytes.length),
    "content-security-policy": opts.csp,
    "x-content-type-options": "nosniff",
    ...common,
  };
  if (coding !== "identity") headers["content-encoding"] = coding;
  const rendered: Rendered = {
    status,
    headers,
    bytes,
    validators: status >= 400 ? undefined : validators,
    notModifiedHeaders: common,
  };
  return send(rendered, req);
}
