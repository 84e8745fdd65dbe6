// The client a request counts against in per-client limits (the hub's rate limit, MCP session caps): one place, so a
// proxy-aware address (TRUST_PROXY) plugs in here for every limit at once.
import type { AppEnv } from "./env.ts";
import { embeddedIpv4 } from "../websub/net/forbidden.ts";
import { formatIp, parseIp } from "../websub/net/ip.ts";

/** The key of the client that sent the request: today the peer address of its connection. */
export function clientAddress(env: AppEnv["Bindings"] | undefined): string {
  return clientKey(env?.incoming?.socket?.remoteAddress);
}

/** The key a client is limited by: its IPv4 address, or the /64 its IPv6 address is in (one host owns a whole /64). */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.family === 4) return formatIp(ip);
  const inner = embeddedIpv4(ip);
  if (inner?.name === "IPv4-mapped") return formatIp(inner.ip);
  const prefix = new Uint8Array(16);
  prefix.set(ip.bytes.subarray(0, 8));
  return `${formatIp({ family: 6, bytes: prefix })}/64`;
}
