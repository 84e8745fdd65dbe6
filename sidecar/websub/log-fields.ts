// How callbacks appear in logs: origin and a short hash, never the path or query (capability URLs) and never a secret.
import { createHash } from "node:crypto";

export function callbackFields(callback: string): { callback_origin: string; callback_id: string } {
  let origin = "invalid";
  try {
    origin = new URL(callback).origin;
  } catch {
    // Only validated URLs are stored; a bad one still gets an id.
  }
  return { callback_origin: origin, callback_id: createHash("sha256").update(callback).digest("hex").slice(0, 12) };
}
