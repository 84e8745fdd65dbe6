// The value forms the configuration's variables share (ports, seconds, lists, URLs, origins, CIDRs), for src/config.ts.
import { isIP } from "node:net";
import { z } from "zod";

export const port = z.coerce.number().int().min(0).max(65535);
export const seconds = z.coerce.number().int().min(1);
export const csv = z.string().transform((s) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean),
);

/** A platform API's base URL: an origin, optionally with a path prefix (a proxy's), without a trailing slash. */
export const apiUrl = z
  .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL, e.g. https://api.example.com" })
  .transform((u) => u.replace(/\/+$/, ""));

/** Whether `text` names an origin: an empty query or fragment (`?`, `#`) counts as one, as a path of `/` does not. */
export function isOrigin(text: string): boolean {
  const url = URL.parse(text);
  // An unparsable URL is the url check's to report.
  if (!url) return true;
  return url.pathname === "/" && !/[?#]/.test(text) && url.username === "" && url.password === "";
}

/** Whether `text` is an IP address, or one with a prefix length its family allows (`10.0.0.0/8`, `fd00::/8`). */
export function isCidr(text: string): boolean {
  const [address = "", prefix, ...rest] = text.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
