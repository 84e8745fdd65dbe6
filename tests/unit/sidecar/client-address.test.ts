// The client address behind reverse proxies: forwarding headers count only from TRUST_PROXY peers, read from the right.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { forwardedClient } from "../../../sidecar/http/client-address.ts";
import { cidr } from "../../../sidecar/net/ip.ts";

const trusted = [cidr("127.0.0.1/32"), cidr("10.0.0.0/8"), cidr("fd00::/8")];

describe("client address", () => {
  it("ignores forwarding headers from a peer that is not a trusted proxy", () => {
    assert.equal(forwardedClient("192.0.2.9", undefined, "198.51.100.1", trusted), "192.0.2.9");
    assert.equal(forwardedClient("192.0.2.9", "for=198.51.100.1", undefined, []), "192.0.2.9");
  });

  it("takes the nearest untrusted hop of X-Forwarded-For, so a client cannot forge its way past the proxy", () => {
    assert.equal(forwardedClient("127.0.0.1", undefined, "198.51.100.1", trusted), "198.51.100.1");
    assert.equal(
      forwardedClient("127.0.0.1", undefined, "6.6.6.6, 198.51.100.1, 10.1.2.3", trusted),
      "198.51.100.1",
      "the forged leftmost entry is not believed",
    );
    assert.equal(forwardedClient("::ffff:127.0.0.1", undefined, "198.51.100.1", trusted), "198.51.100.1");
  });

  it("prefers RFC 7239 Forwarded, with quoted, bracketed and ported values", () => {
    const forwarded = 'for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.2';
    assert.equal(forwardedClient("127.0.0.1", forwarded, "198.51.100.1", trusted), "2001:db8:cafe::17");
    assert.equal(forwardedClient("127.0.0.1", "for=192.0.2.60:8080;by=10.0.0.1", undefined, trusted), "192.0.2.60");
  });

  it("stops at a hop it cannot read, at the last address known, and with no header keeps the peer", () => {
    assert.equal(forwardedClient("127.0.0.1", undefined, "198.51.100.1, unknown", trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", "for=_hidden", undefined, trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", undefined, undefined, trusted), "127.0.0.1");
    assert.equal(forwardedClient("127.0.0.1", undefined, "10.0.0.5", trusted), "10.0.0.5", "all trusted: the farthest");
  });
});
