// The client a request counts against in per-client limits (the hub's rate limit, MCP session caps) and logs: the
// socket's peer, or, when that peer is a trusted reverse proxy (TRUST_PROXY), the address the proxies forwarded
// in `X-Forwarded-For`, read from the right past trusted hops. Only that header: it is the one the shipped nginx
// configuration sets (replacing the client's own), while `Forwarded`, `X-Real-IP` and the like would pass through
// from the client, letting one client pose as many.
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import { type Cidr, formatIp, inCidr, type Ip, parseCidr, parseIp, unmapped } from "../net/ip.ts";
import type { AppEnv } from "./env.ts";

/** Hops read at most: a longer chain is forged or looping, and its far end is not believed. */
const MAX_HOPS = 20;

export type ClientAddress = (c: Context<AppEnv>) => string | undefined;

/** Builds the lookup for the CIDRs of trusted proxies; with none, forwarding headers are ignored. */
export function clientAddressFrom(trustProxy: readonly string[]): ClientAddress {
  const trusted = trustProxy.map((text) => {
    const range = parseCidr(text);
    if (!range) throw new Error(`TRUST_PROXY: not an address or CIDR: ${JSON.stringify(text)}`);
    return range;
  });
  return (c) => {
    const peer = c.env?.incoming?.socket?.remoteAddress;
    if (trusted.length === 0 || peer === undefined) return peer;
    return forwardedClient(peer, c.req.header("x-forwarded-for"), trusted);
  };
}

/** The address a request came from, given its peer, its X-Forwarded-For and the proxies trusted to set it. */
export function forwardedClient(peer: string, xForwardedFor: string | undefined, trusted: readonly Cidr[]): string {
  const isTrusted = (ip: Ip) => trusted.some((range) => inCidr(ip, range));
  const peerIp = plain(peer);
  if (!peerIp || !isTrusted(peerIp)) return peer;
  const hops = xForwardedFor?.split(",") ?? [];
  let client = formatIp(peerIp);
  for (const hop of hops.slice(-MAX_HOPS).reverse()) {
    const ip = plain(stripPort(hop.trim()));
    // "unknown", an obfuscated name or garbage: the trusted proxy that wrote it is the last address known.
    if (!ip) return client;
    client = formatIp(ip);
    if (!isTrusted(ip)) return client;
  }
  return client;
}

/** The address parsed, an IPv4-mapped IPv6 one (a dual-stack socket's view of IPv4) as the IPv4 address it is. */
function plain(text: string): Ip | undefined {
  const ip = parseIp(text);
  return ip && unmapped(ip);
}

/** `[v6]:port` or `[v6]` -> v6; `v4:port` -> v4; a bare v6 address stays as it is. */
function stripPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return v4 ? v4[1]! : hop;
}

/** The key a client is limited by: its IPv4 address, or the /64 its IPv6 address is in (one host owns a whole /64). */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const ip = plain(address);
  if (!ip) return address;
  if (!(ip instanceof ipaddr.IPv6)) return formatIp(ip);
  return `${formatIp(new ipaddr.IPv6([...ip.parts.slice(0, 4), 0, 0, 0, 0]))}/64`;
}
