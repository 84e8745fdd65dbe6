// Which addresses a callback may never reach: loopback, private, link-local, metadata, unique-local, CGNAT, unspecified...
import ipaddr from "ipaddr.js";
import { cidr, type Cidr, inCidr, type Ip } from "../../net/ip.ts";

type Rule = Readonly<{ range: Cidr; reason: string }>;

const rule = (range: string, reason: string): Rule => ({ range: cidr(range), reason });

/** First match wins, so the specific metadata addresses come before the ranges that hold them. */
const IPV4_RULES: readonly Rule[] = [
  rule("169.254.169.254/32", "cloud metadata"),
  rule("168.63.129.16/32", "cloud metadata"),
  rule("100.100.100.200/32", "cloud metadata"),
  rule("0.0.0.0/8", "unspecified"),
  rule("10.0.0.0/8", "private"),
  rule("100.64.0.0/10", "CGNAT"),
  rule("127.0.0.0/8", "loopback"),
  rule("169.254.0.0/16", "link-local"),
  rule("172.16.0.0/12", "private"),
  rule("192.0.0.0/24", "reserved"),
  rule("192.0.2.0/24", "documentation"),
  rule("192.88.99.0/24", "reserved"),
  rule("192.168.0.0/16", "private"),
  rule("198.18.0.0/15", "reserved"),
  rule("198.51.100.0/24", "documentation"),
  rule("203.0.113.0/24", "documentation"),
  rule("224.0.0.0/4", "multicast"),
  rule("240.0.0.0/4", "reserved"),
];

const IPV6_RULES: readonly Rule[] = [
  rule("fd00:ec2::254/128", "cloud metadata"),
  rule("::/128", "unspecified"),
  rule("::1/128", "loopback"),
  rule("64:ff9b:1::/48", "private"),
  rule("100::/64", "reserved"),
  rule("2001::/23", "reserved"),
  rule("2001:db8::/32", "documentation"),
  rule("3fff::/20", "documentation"),
  rule("fc00::/7", "unique-local"),
  rule("fe80::/10", "link-local"),
  rule("fec0::/10", "private"),
  rule("ff00::/8", "multicast"),
];

/** IPv6 ranges that carry an IPv4 address: the IPv4 address decides. `at` is the byte where it sits. */
const EMBEDDING: ReadonlyArray<Readonly<{ range: Cidr; at: number; name: string }>> = [
  { range: cidr("::ffff:0:0/96"), at: 12, name: "IPv4-mapped" },
  { range: cidr("64:ff9b::/96"), at: 12, name: "NAT64" },
  { range: cidr("2002::/16"), at: 2, name: "6to4" },
];

const GLOBAL_UNICAST = cidr("2000::/3");

/** The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address. */
export function embeddedIpv4(ip: Ip): { ip: Ip; name: string } | undefined {
  if (ip.kind() !== "ipv6") return undefined;
  for (const e of EMBEDDING) {
    if (inCidr(ip, e.range)) return { ip: new ipaddr.IPv4(ip.toByteArray().slice(e.at, e.at + 4)), name: e.name };
  }
  return undefined;
}

/** Why a callback may not reach `ip`, or undefined when it is an ordinary public address. */
export function forbiddenReason(ip: Ip): string | undefined {
  if (ip.kind() === "ipv4") return IPV4_RULES.find((r) => inCidr(ip, r.range))?.reason;
  const inner = embeddedIpv4(ip);
  if (inner) {
    const why = forbiddenReason(inner.ip);
    return why && `${why} (${inner.name})`;
  }
  const hit = IPV6_RULES.find((r) => inCidr(ip, r.range));
  if (hit) return hit.reason;
  // Everything outside global unicast (IPv4-compatible ::/96, unassigned space...) is not a place for a callback.
  return inCidr(ip, GLOBAL_UNICAST) ? undefined : "reserved";
}
