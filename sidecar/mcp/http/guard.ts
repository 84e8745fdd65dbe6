// DNS-rebinding protection: the Host must be the site's host or a loopback name (else 421), the Origin, when sent, an allowed one (else 403).
import { localhostAllowedHostnames, validateHostHeader } from "@modelcontextprotocol/server";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type GuardPolicy = Readonly<{
  /** Host (name[:port]) of SITE_URL, lower case. */
  siteHost: string;
  /** Exact origins from MCP_ALLOWED_ORIGINS (by default the origin of SITE_URL). */
  allowedOrigins: ReadonlySet<string>;
}>;

export type Refusal = Readonly<{ status: ContentfulStatusCode; message: string }>;

export function guardPolicy(siteUrl: string, allowedOrigins: readonly string[]): GuardPolicy {
  return Object.freeze({
    siteHost: new URL(siteUrl).host.toLowerCase(),
    allowedOrigins: new Set(allowedOrigins.map((o) => normalizeOrigin(o) ?? o)),
  });
}

/** `host` is the Host header (or the URL's host when there is none). */
export function checkHost(policy: GuardPolicy, host: string | null): Refusal | null {
  // The site's host with its port; a loopback name (the SDK's check) on any port.
  const h = host?.trim().toLowerCase();
  if (h === policy.siteHost || validateHostHeader(h, localhostAllowedHostnames()).ok) return null;
  return {
    status: 421,
    message: `Misdirected request: this MCP endpoint answers for ${policy.siteHost} and loopback addresses, not ${JSON.stringify(host ?? "")}`,
  };
}

/**
 * No Origin: not a browser, nothing to check. An Origin equal to the request's own origin (a page of this very
 * host, already checked by `checkHost`) is same-origin and passes; any other must be listed.
 */
export function checkOrigin(policy: GuardPolicy, origin: string | null, requestOrigin: string): Refusal | null {
  if (origin === null) return null;
  const normal = normalizeOrigin(origin);
  if (normal !== null && (policy.allowedOrigins.has(normal) || normal === normalizeOrigin(requestOrigin))) return null;
  return {
    status: 403,
    message: `Origin ${JSON.stringify(origin)} is not allowed to use this MCP endpoint (MCP_ALLOWED_ORIGINS)`,
  };
}

function normalizeOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    return u.origin === "null" ? null : u.origin;
  } catch {
    return null;
  }
}
