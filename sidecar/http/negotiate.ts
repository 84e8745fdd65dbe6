// Content-coding negotiation (RFC 9110 12.5.3): which of br, gzip and identity a request's Accept-Encoding prefers.

/** The content codings the sidecar stores or makes: the release's precompressed variants and the dynamic answers. */
export type Coding = "br" | "gzip" | "identity";

/** Codings in the order to try them; identity always last-resort available. */
type Preference = readonly Coding[];

const IDENTITY_ONLY: Preference = Object.freeze(["identity"]);
/** On equal q, smaller is better: br beats gzip beats identity. */
const SERVER_ORDER: Record<Coding, number> = { br: 0, gzip: 1, identity: 2 };
const QVALUE = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i;

/**
 * Parses an Accept-Encoding value into codings acceptable to the client, best first.
 * No header: identity only (a client that says nothing gets the bytes as stored). `q=0` excludes a coding;
 * identity stays acceptable unless `identity;q=0`, or `*;q=0` with no identity entry, excludes it.
 */
export function parseAcceptEncoding(header: string | null): Preference {
  if (header === null) return IDENTITY_ONLY;
  const q: Partial<Record<Coding | "*", number>> = {};
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name === "") continue;
    let weight = 1;
    for (const p of params) {
      const m = QVALUE.exec(p);
      if (m) weight = Number(m[1]);
      else if (/^\s*q\s*=/i.test(p)) weight = 0; // a malformed q-value is no consent
    }
    const key = name === "x-gzip" ? "gzip" : name;
    if (key === "br" || key === "gzip" || key === "identity" || key === "*") q[key] = Math.max(q[key] ?? 0, weight);
  }
  const star = q["*"];
  // Identity is acceptable by default, but only preferred over a coding the client asked for when it says so.
  const weights: Record<Coding, number> = {
    br: q.br ?? star ?? 0,
    gzip: q.gzip ?? star ?? 0,
    identity: q.identity ?? (star === 0 ? 0 : Math.min(star ?? 0.001, 0.001)),
  };
  const ranked = (Object.keys(weights) as Coding[])
    .filter((c) => weights[c] > 0)
    .sort((a, b) => weights[b] - weights[a] || SERVER_ORDER[a] - SERVER_ORDER[b]);
  return Object.freeze(ranked);
}
