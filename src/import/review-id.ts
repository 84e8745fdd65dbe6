// The permanent id of an imported review: derived from its platform and the platform's own id, the same on every run.
import { createHash } from "node:crypto";

const ID_RULE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * `<platform>-<platform id>` when that whole string is a valid review id; otherwise `<platform>-` and the first 26
 * characters (130 bits) of the lowercase base32 of the sha256 of the platform id, for ids such as Google's
 * `accounts/…/reviews/…` names or ones too long to fit.
 */
export function reviewId(platform: string, platformId: string): string {
  const plain = `${platform}-${platformId}`;
  if (ID_RULE.test(plain)) return plain;
  return `${platform}-${base32(createHash("sha256").update(platformId, "utf8").digest()).slice(0, 26)}`;
}

/** Whether `id` is one this importer derives for `platform` (hand-written ids should not use the `<platform>-` prefix). */
export function isDerivedFor(id: string, platform: string): boolean {
  return id.startsWith(`${platform}-`) && id.length > platform.length + 1;
}

/** RFC 4648 base32, lowercase, without padding. */
export function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}
