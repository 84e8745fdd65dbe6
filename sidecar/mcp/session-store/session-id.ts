// Session ids: 128 random bits and an HMAC of them under MCP_SESSION_SECRET, so any replica with the secret tells a
// forged or mistyped id from a real one without asking the store.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type SessionIds = ReturnType<typeof sessionIds>;

const RANDOM_BYTES = 16;
/** A 128-bit tag: forging one is as hard as guessing the random part. */
const TAG_BYTES = 16;
const PART = /^[A-Za-z0-9_-]{22}$/;

export function sessionIds(secret: string) {
  if (secret.length === 0) throw new Error("session ids need a non-empty secret (MCP_SESSION_SECRET)");
  const tag = (random: string) =>
    createHmac("sha256", secret).update(`mcp-session:${random}`).digest().subarray(0, TAG_BYTES);
  return Object.freeze({
    /** A new unguessable id: `<random>.<tag>`, both base64url (visible ASCII, as the transport requires). */
    create: () => {
      const random = randomBytes(RANDOM_BYTES).toString("base64url");
      return `${random}.${tag(random).toString("base64url")}`;
    },
    verify: (id: string) => {
      const dot = id.indexOf(".");
      const random = id.slice(0, dot);
      const given = id.slice(dot + 1);
      if (dot < 0 || !PART.test(random) || !PART.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, "base64url"), tag(random));
    },
  });
}
