// Content hashes and the strong ETags derived from them.
import { createHash } from "node:crypto";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A strong ETag from a sha256: its first 128 bits, base64url. */
export function etagOf(sha256Hex: string): string {
  return `"${Buffer.from(sha256Hex.slice(0, 32), "hex").toString("base64url")}"`;
}
