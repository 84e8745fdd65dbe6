// An HTML page the sidecar renders (a review's page, a search answer): in the coding the request accepts, with a strong
// ETag of its bytes per coding and the release's Last-Modified, so caches and browsers revalidate it with a 304.
import { createHash } from "node:crypto";
import { httpDate } from "../../src/lib/dates.ts";
import { chooseCoding, codedValidators, encodeBody, jsonHeaders, send } from "../search/json-response.ts";

export async function sendHtml(
  req: Request,
  html: string,
  opts: Readonly<{ updatedAt: string; csp: string; status?: number }>,
): Promise<Response> {
  const body = Buffer.from(html);
  const coding = chooseCoding(req.headers.get("accept-encoding"), body.length);
  const status = opts.status ?? 200;
  const etag = `"${createHash("sha256").update(body).digest().subarray(0, 16).toString("base64url")}"`;
  const lastModified = httpDate(opts.updatedAt);
  // A refusal is not the release's data: a cache keeping it would go on refusing a corrected request.
  const validators =
    status < 400
      ? codedValidators({ etag, lastModified, lastModifiedMs: Date.parse(lastModified) }, coding)
      : undefined;
  const bytes = await encodeBody(body, coding);
  // The headers of every dynamic answer, the type and framing rule of a page.
  const { headers, notModifiedHeaders } = jsonHeaders(coding, bytes.length, validators);
  const page = { "content-type": "text/html; charset=utf-8", "content-security-policy": opts.csp };
  const refused = validators ? {} : { "cache-control": "no-store" };
  return send({ status, bytes, validators, notModifiedHeaders, headers: { ...headers, ...page, ...refused } }, req);
}
