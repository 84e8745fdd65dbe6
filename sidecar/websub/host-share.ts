// Fair shares of the delivery places by callback host: the deliveries in flight to one host name (lowercased, without
// a trailing dot) or to one address (what its name resolves to) are at most `perHost`, so slow callbacks of one host,
// however many names it goes by, hold a few places and the other hosts' updates go out beside them.
import { hostAddress } from "../net/ip.ts";
import type { Resolver } from "./net/lookup.ts";

/** Host names whose address is remembered at most. */
const MAX_NAMES_KEPT = 10_000;

export type HostShare = ReturnType<typeof createHostShare>;

/** The name a callback's host is counted by: `Example.COM.` and `example.com` are one host. */
export function hostName(callback: string): string {
  return new URL(callback).hostname.toLowerCase().replace(/\.$/, "");
}

/** `onFree` is told whenever a host that was at its share frees a place. */
export function createHostShare(perHost: number, resolve: Resolver, onFree: () => void) {
  const inFlight = new Map<string, number>();
  // Names seen to resolve to an address, so that a name whose address is full is skipped at the claim too.
  const addressOf = new Map<string, string>();
  const count = (key: string) => inFlight.get(key) ?? 0;
  const add = (key: string, by: number) => {
    const n = count(key) + by;
    if (n === 0) inFlight.delete(key);
    else inFlight.set(key, n);
  };

  const addressKey = async (name: string): Promise<string | undefined> => {
    const literal = hostAddress(name);
    if (literal) return `@${literal.toString()}`;
    try {
      const [first] = await resolve(name, 0);
      return first ? `@${first.address}` : undefined;
    } catch {
      // The delivery itself will fail on the name and say why.
      return undefined;
    }
  };

  return Object.freeze({
    /**
     * A place for a delivery to `callback`, or undefined when its name or address already holds its share (the delivery
     * is then given back, and `busyHosts` keeps it from being claimed until a place of that host frees).
     */
    enter: async (callback: string) => {
      const name = hostName(callback);
      const address = await addressKey(name);
      // Bounded: a host with endless names is remembered anew as its names come.
      if (addressOf.size >= MAX_NAMES_KEPT) addressOf.clear();
      if (address) addressOf.set(name, address);
      else addressOf.delete(name);
      const keys = address ? [name, address] : [name];
      if (keys.some((k) => count(k) >= perHost)) return undefined;
      for (const k of keys) add(k, 1);
      let left = false;
      return {
        leave: () => {
          if (left) return;
          left = true;
          const wasFull = keys.some((k) => count(k) >= perHost);
          for (const k of keys) add(k, -1);
          if (wasFull) onFree();
        },
      };
    },
    /** Host names (as stored with subscriptions) whose deliveries are not to be claimed now. */
    busyHosts: () => {
      const busy: string[] = [];
      for (const [key, n] of inFlight) if (n >= perHost && !key.startsWith("@")) busy.push(key);
      for (const [name, address] of addressOf) if (count(address) >= perHost) busy.push(name);
      // Subscriptions made before host names were kept without their trailing dot.
      return [...new Set(busy)].flatMap((n) => [n, `${n}.`]);
    },
  });
}
