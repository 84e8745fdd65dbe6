// IP addresses as bytes: parsing the textual forms DNS and URL parsers produce, and CIDR ranges to match them against.

export type Ip = Readonly<{ family: 4 | 6; bytes: Uint8Array }>;
export type Cidr = Readonly<{ family: 4 | 6; bytes: Uint8Array; prefix: number }>;

/**
 * Parses a dotted-quad IPv4 address or an IPv6 address (brackets and a zone id allowed). Only canonical IPv4 is
 * accepted here: the other notations (`2130706433`, `0x7f.1`, `0177.0.0.1`) are turned into it by the WHATWG URL
 * parser before any host reaches this function (see `hostAddress`).
 */
export function parseIp(text: string): Ip | undefined {
  let t = text.trim();
  if (t.startsWith("[") && t.endsWith("]")) t = t.slice(1, -1);
  const zone = t.indexOf("%");
  if (zone !== -1) t = t.slice(0, zone);
  if (t.includes(":")) {
    const bytes = parseIpv6(t);
    return bytes && { family: 6, bytes };
  }
  const bytes = parseIpv4(t);
  return bytes && { family: 4, bytes };
}

function parseIpv4(t: string): Uint8Array | undefined {
  const parts = t.split(".");
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[i] = n;
  }
  return out;
}

function parseIpv6(t: string): Uint8Array | undefined {
  const double = t.indexOf("::");
  if (double !== -1 && t.indexOf("::", double + 1) !== -1) return undefined;
  const head = double === -1 ? t : t.slice(0, double);
  const tail = double === -1 ? "" : t.slice(double + 2);
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const words: number[] = [];
  const pushGroups = (groups: string[], target: number[]): boolean => {
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      if (g.includes(".")) {
        // An embedded IPv4 address may only end the address.
        if (i !== groups.length - 1) return false;
        const v4 = parseIpv4(g);
        if (!v4) return false;
        target.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return false;
        target.push(parseInt(g, 16));
      }
    }
    return true;
  };
  const tailWords: number[] = [];
  if (!pushGroups(headGroups, words)) return undefined;
  if (headGroups.some((g) => g.includes("."))) {
    if (tailGroups.length > 0) return undefined;
  }
  if (!pushGroups(tailGroups, tailWords)) return undefined;
  const missing = 8 - words.length - tailWords.length;
  if (double === -1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...words, ...new Array<number>(double === -1 ? 0 : missing).fill(0), ...tailWords];
  const out = new Uint8Array(16);
  all.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

/** Parses `a.b.c.d/n`, `v6::/n`, or a bare address (a single-address range). */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf("/");
  const ip = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (!ip) return undefined;
  const max = ip.family === 4 ? 32 : 128;
  if (slash === -1) return { ...ip, prefix: max };
  const p = text.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(p) || Number(p) > max) return undefined;
  return { ...ip, prefix: Number(p) };
}

export function cidr(text: string): Cidr {
  const c = parseCidr(text);
  if (!c) throw new TypeError(`not a CIDR range: ${text}`);
  return c;
}

export function inCidr(ip: Ip, range: Cidr): boolean {
  if (ip.family !== range.family) return false;
  const full = range.prefix >> 3;
  for (let i = 0; i < full; i++) if (ip.bytes[i] !== range.bytes[i]) return false;
  const rest = range.prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (ip.bytes[full]! & mask) === (range.bytes[full]! & mask);
}

export function formatIp(ip: Ip): string {
  if (ip.family === 4) return Array.from(ip.bytes).join(".");
  const words = Array.from({ length: 8 }, (_, i) => (ip.bytes[i * 2]! << 8) | ip.bytes[i * 2 + 1]!);
  // RFC 5952: the longest run of two or more zero words becomes "::".
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) [bestStart, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLen).join(":")}`;
}

/**
 * The IP address a URL host names, if it names one. The host must come from the WHATWG URL parser, which has
 * already rewritten every IPv4 notation (decimal, hex, octal, short forms) to a dotted quad and IPv6 to `[...]`.
 */
export function hostAddress(hostname: string): Ip | undefined {
  if (hostname.startsWith("[")) return parseIp(hostname);
  return /^[0-9.]+$/.test(hostname) ? parseIp(hostname) : undefined;
}
