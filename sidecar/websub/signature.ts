// Authenticated content distribution (WebSub 7.1): X-Hub-Signature over the exact body, keyed by the subscriber's secret.
import { createHmac } from "node:crypto";

export function hubSignature(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
