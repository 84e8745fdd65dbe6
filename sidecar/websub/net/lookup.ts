// DNS for outbound callbacks: every resolved address is checked, and the socket connects to exactly the checked ones.
import { promises as dns, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import type { AddressPolicy } from "./policy.ts";

/** Resolves a host name to all its addresses (injectable so tests can play a rebinding DNS server). */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname, family) =>
  dns.lookup(hostname, { all: true, family, order: "verbatim" });

/** A callback host that names, or resolves to, an address the policy forbids. Never retried into success. */
export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  readonly code = "ERR_WEBSUB_FORBIDDEN_ADDRESS";
}

/**
 * A `lookup` for net/tls.connect. Because the connection is made to the addresses returned here, and nothing else, a
 * name that answers a public address to a first query and 127.0.0.1 to the next (DNS rebinding) cannot slip through:
 * there is no second query. One forbidden address among several refuses the whole name.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    resolve(hostname, family).then(
      (addresses) => {
        if (addresses.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          err.code = "ENOTFOUND";
          return callback(err, "");
        }
        for (const a of addresses) {
          const verdict = policy.check(a.address, hostname);
          if (!verdict.ok) {
            return callback(
              new ForbiddenAddressError(`${hostname} resolves to ${a.address}, a ${verdict.reason} address`),
              "",
            );
          }
        }
        if (options.all) return callback(null, [...addresses]);
        const first = addresses[0]!;
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}
