// SSRF rules: forbidden ranges in every notation, the allowlist, and a DNS lookup that only ever returns checked addresses.
import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import { describe, it } from "node:test";
import { forbiddenReason } from "../../../sidecar/websub/net/forbidden.ts";
import { formatIp, hostAddress, parseIp } from "../../../sidecar/net/ip.ts";
import { guardedLookup, type Resolver } from "../../../sidecar/websub/net/lookup.ts";
import { AllowListError, createAddressPolicy } from "../../../sidecar/websub/net/policy.ts";
import { checkCallback } from "../../../sidecar/websub/request/urls.ts";

const closed = createAddressPolicy([]);
const reasonOf = (text: string) => forbiddenReason(parseIp(text)!);

describe("IP parsing", () => {
  it("reads IPv4 and IPv6 text, with brackets, zones and embedded IPv4", () => {
    assert.deepEqual(parseIp("10.1.2.3")!.toByteArray(), [10, 1, 2, 3]);
    assert.equal(formatIp(parseIp("[::ffff:127.0.0.1]")!), "::ffff:7f00:1");
    assert.equal(formatIp(parseIp("fe80::1%eth0")!), "fe80::1");
    assert.equal(formatIp(parseIp("2001:db8:0:0:1:0:0:1")!), "2001:db8::1:0:0:1");
    for (const bad of [
      "1.2.3",
      "1.2.3.256",
      "01.2.3.4",
      "::1::",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
      "::1.2.3.4:1",
      "example.com",
    ]) {
      assert.equal(parseIp(bad), undefined, bad);
    }
  });

  it("sees through every IPv4 notation the URL parser accepts", () => {
    const loopback = [
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "0x7f.1",
      "0177.0.0.1",
      "127.1",
      "0x7F.0.0.1",
      "127.0.0.1.",
    ];
    for (const host of loopback) {
      const ip = hostAddress(new URL(`https://${host}/`).hostname);
      assert.ok(ip, host);
      assert.equal(formatIp(ip), "127.0.0.1", host);
    }
    assert.equal(hostAddress("example.com"), undefined);
    assert.equal(formatIp(hostAddress(new URL("https://[::ffff:127.0.0.1]/").hostname)!), "::ffff:7f00:1");
  });
});

describe("forbidden ranges", () => {
  it("names why an address is off limits", () => {
    const cases: Array<[string, string]> = [
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["169.254.0.1", "link-local"],
      ["169.254.169.254", "cloud metadata"],
      ["168.63.129.16", "cloud metadata"],
      ["100.64.0.1", "CGNAT"],
      ["100.100.100.200", "cloud metadata"],
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "reserved"],
      ["192.0.2.5", "documentation"],
      ["::", "unspecified"],
      ["::1", "loopback"],
      ["fe80::1", "link-local"],
      ["fc00::1", "unique-local"],
      ["fd12:3456::1", "unique-local"],
      ["fd00:ec2::254", "cloud metadata"],
      ["ff02::1", "multicast"],
      ["::ffff:127.0.0.1", "loopback (IPv4-mapped)"],
      ["::ffff:10.0.0.1", "private (IPv4-mapped)"],
      ["64:ff9b::a9fe:a9fe", "cloud metadata (NAT64)"],
      ["2002:7f00:1::", "loopback (6to4)"],
      ["2001::1", "reserved"],
      ["::127.0.0.1", "reserved"],
      ["2001:db8::1", "documentation"],
    ];
    for (const [ip, reason] of cases) assert.equal(reasonOf(ip), reason, ip);
  });

  it("lets ordinary public addresses through", () => {
    for (const ip of [
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "2002:808:808::",
    ]) {
      assert.equal(reasonOf(ip), undefined, ip);
    }
  });
});

describe("allowlist (WEBSUB_CALLBACK_ALLOW)", () => {
  it("exempts listed CIDRs, addresses and host names only", () => {
    const policy = createAddressPolicy(["127.0.0.0/8", "fd00::/8", "10.1.2.3", "hooks.internal", "*.corp.example"]);
    assert.deepEqual(policy.check("127.0.0.5"), { ok: true });
    assert.deepEqual(policy.check("::ffff:127.0.0.5"), { ok: true }, "an IPv4-mapped address matches the IPv4 range");
    assert.deepEqual(policy.check("fd12::1"), { ok: true });
    assert.deepEqual(policy.check("10.1.2.3"), { ok: true });
    assert.deepEqual(policy.check("10.1.2.4"), { ok: false, reason: "private" });
    assert.deepEqual(policy.check("192.168.0.1", "hooks.internal"), { ok: true });
    assert.deepEqual(policy.check("192.168.0.1", "a.corp.example"), { ok: true });
    assert.deepEqual(policy.check("192.168.0.1", "corp.example.evil"), { ok: false, reason: "private" });
    assert.deepEqual(policy.check("::1"), { ok: false, reason: "loopback" });
  });

  it("refuses entries it cannot read, naming the variable", () => {
    assert.throws(
      () => createAddressPolicy(["10.0.0.0/33"]),
      (e: unknown) => e instanceof AllowListError && /WEBSUB_CALLBACK_ALLOW/.test(e.message),
    );
    assert.throws(() => createAddressPolicy(["not a host"]), AllowListError);
  });
});

describe("callback URLs named literally", () => {
  it("refuses forbidden addresses in any notation, at once", () => {
    for (const url of [
      "https://127.0.0.1/cb",
      "https://2130706433/cb",
      "https://0x7f000001/cb",
      "https://0177.0.0.1/cb",
      "https://127.1/cb",
      "https://[::1]/cb",
      "https://[::ffff:127.0.0.1]/cb",
      "https://[::ffff:7f00:1]/cb",
      "https://0/cb",
      "https://[::]/cb",
      "https://167772161/cb",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00:ec2::254]/",
      "https://100.64.0.1/",
      "https://[fe80::1]/",
    ]) {
      const r = checkCallback(url, closed);
      assert.equal(r.ok, false, url);
      assert.match((r as { message: string }).message, /names a .* address/, url);
    }
  });

  it("accepts public literals and names (names are checked when resolved)", () => {
    for (const url of ["https://8.8.8.8/cb", "https://localhost/cb", "https://subscriber.example/cb?x=1"]) {
      assert.equal(checkCallback(url, closed).ok, true, url);
    }
    assert.equal(checkCallback("https://127.0.0.1:8443/cb", createAddressPolicy(["127.0.0.0/8"])).ok, true);
  });
});

describe("guarded DNS lookup", () => {
  const fake =
    (answers: Record<string, string[]>): Resolver =>
    async (host) =>
      (answers[host] ?? []).map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  const lookup = (resolver: Resolver, host: string, all = false) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(closed, resolver)(host, { all }, (err, address) => resolve({ err, address })),
    );

  it("refuses a name when any of its addresses is forbidden", async () => {
    const r = await lookup(fake({ "evil.test": ["93.184.216.34", "127.0.0.1"] }), "evil.test");
    assert.equal(r.err?.code, "ERR_WEBSUB_FORBIDDEN_ADDRESS");
    assert.match(r.err.message, /evil\.test resolves to 127\.0\.0\.1, a loopback address/);
  });

  it("returns exactly the addresses it checked: a second, rebinding answer is never asked for", async () => {
    let calls = 0;
    const rebinding: Resolver = async () =>
      calls++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    const one = await lookup(rebinding, "rebind.test");
    assert.equal(one.err, null);
    assert.equal(one.address, "93.184.216.34");
    const all = await lookup(fake({ "two.test": ["93.184.216.34", "2606:4700::1"] }), "two.test", true);
    assert.deepEqual(all.address, [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700::1", family: 6 },
    ]);
    assert.equal(calls, 1);
  });

  it("reports a name without addresses as not found", async () => {
    assert.equal((await lookup(fake({}), "nowhere.test")).err?.code, "ENOTFOUND");
  });
});
