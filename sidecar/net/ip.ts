// IP addresses and CIDR ranges (ipaddr.js), read strictly from the textual forms sockets, headers and URL parsers give.
import ipaddr from "ipaddr.js";

export type Ip = ipaddr.IPv4 | ipaddr.IPv6;
export type Cidr = readonly [Ip, number];

/**
 * A dotted-quad IPv4 address or an IPv6 address (brackets and a zone id allowed). Only canonical IPv4 is accepted
 * here: the other notations (`2130706433`, `0x7f.1`, `0177.0.0.1`) are turned into it by the WHATWG URL parser before
 * any host reaches this function (see `hostAddress`).
 */
export function parseIp(text: string): Ip | undefined {
  let t = text.trim();
  if (t.startsWith("[") && t.endsWith("]")) t = t.slice(1, -1);
  t = t.split("%", 1)[0]!;
  if (!t.includes(":")) return ipaddr.IPv4.isValidFourPartDecimal(t) ? ipaddr.IPv4.parse(t) : undefined;
  // ipaddr.js reads any trailing IPv4 as IPv4-mapped (`::127.0.0.1` as `::ffff:127.0.0.1`): written as hex, it stays
  // the address it is.
  const tail = /^(.*:)([^:]*\.[^:]*)$/.exec(t);
  if (tail) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(tail[2]!)) return undefined;
    const [a, b, c, d] = ipaddr.IPv4.parse(tail[2]!).octets as [number, number, number, number];
    t = `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  return ipaddr.IPv6.isValid(t) ? ipaddr.IPv6.parse(t) : undefined;
}

/** The address, an IPv4-mapped IPv6 one (a dual-stack socket's view of IPv4) as the IPv4 address it is. */
export function unmapped(ip: Ip): Ip {
  return ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}

/** Parses `a.b.c.d/n`, `v6::/n`, or a bare address (a single-address range). */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf("/");
  const ip = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (!ip) return undefined;
  const max = ip.kind() === "ipv4" ? 32 : 128;
  if (slash === -1) return [ip, max];
  const prefix = text.slice(slash + 1);
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= max ? [ip, Number(prefix)] : undefined;
}

export function cidr(text: string): Cidr {
  const range = parseCidr(text);
  if (!range) throw new TypeError(`not a CIDR range: ${text}`);
  return range;
}

export function inCidr(ip: Ip, range: Cidr): boolean {
  return ip.kind() === range[0].kind() && ip.match(range[0], range[1]);
}

/** IPv4 dotted, IPv6 in its RFC 5952 form. */
export const formatIp = (ip: Ip): string => ip.toString();

/**
 * The IP address a URL host names, if it names one. The host must come from the WHATWG URL parser, which has
 * already rewritten every IPv4 notation (decimal, hex, octal, short forms) to a dotted quad and IPv6 to `[...]`.
 */
export function hostAddress(hostname: string): Ip | undefined {
  if (hostname.startsWith("[")) return parseIp(hostname);
  return /^[0-9.]+$/.test(hostname) ? parseIp(hostname) : undefined;
}
