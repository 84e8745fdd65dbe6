// The client address behind reverse proxies: forwarding headers count only from TRUST_PROXY peers, read from the right.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { forwardedClient } from "../../../sidecar/http/client-address.ts";
import { cidr } from "../../../sidecar/net/ip.ts";

const trusted = [cidr("127.0.0.1/32"), cidr("10.0.0.0/8"), cidr("fd00::/8")];

describe("client address", () => {
  it("ignores forwarding headers from a peer that is not a trusted proxy", () => {
    assert.equal(forwardedClient("192.0.2.9", "198.51.100.1", trusted), "192.0.2.9");
    assert.equal(forwardedClient("192.0.2.9", "198.51.100.1", []), "192.0.2.9");
  });

  it("takes the nearest untrusted hop of X-Forwarded-For, so a client cannot forge its way past the proxy", () => {
    assert.equal(forwardedClient("127.0.0.1", "198.51.100.1", trusted), "198.51.100.1");
    assert.equal(
      forwardedClient("127.0.0.1", "6.6.6.6, 198.51.100.1, 10.1.2.3", trusted),
      "198.51.100.1",
      "the forged leftmost entry is not believed",
    );
    assert.equal(forwardedClient("::ffff:127.0.0.1", "198.51.100.1", trusted), "198.51.100.1");
  });

  it("reads bracketed and ported hops", () => {
    assert.equal(forwardedClient("127.0.0.1", "[2001:db8:cafe::17]:4711, 10.0.0.2", trusted), "2001:db8:cafe::17");
    assert.equal(forwardedClient("127.0.0.1", "192.0.2.60:8080", trusted), "192.0.2.60");
  });

  it("stops at a hop it cannot read, at the last address known, and with no header keeps the peer", () => {
    assert.equal(forwardedClient("127.0.0.1", "198.51.100.1, unknown", trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", "_hidden", trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", undefined, trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", "10.0.0.5", trusted), "10.0.0.5", "all trusted: the farthest");
  });
});
