// The callback client against real in-process HTTPS servers: pinned DNS, no redirects, capped reads, timeouts, TLS checks.
import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import { rm } from "node:fs/promises";
import tls from "node:tls";
import { after, before, describe, it } from "node:test";
import { createCallbackClient } from "../../../sidecar/websub/net/client.ts";
import type { Resolver } from "../../../sidecar/websub/net/lookup.ts";
import { createAddressPolicy } from "../../../sidecar/websub/net/policy.ts";
import { startSubscriber, type Subscriber } from "../../integration/websub/helpers/subscriber.ts";
import { createTestCa, type TestCa } from "../../../scripts/lib/test-ca.ts";

let ca: TestCa;
let stranger: TestCa;
let sub: Subscriber;
let untrusted: Subscriber;

before(async () => {
  [ca, stranger] = await Promise.all([createTestCa(), createTestCa()]);
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), ca.caPem]);
  sub = await startSubscriber(ca);
  untrusted = await startSubscriber(stranger);
});

after(async () => {
  await Promise.all([sub.close(), untrusted.close()]);
  await Promise.all([rm(ca.dir, { recursive: true }), rm(stranger.dir, { recursive: true })]);
});

const loopback = createAddressPolicy(["127.0.0.0/8"]);
const get = (
  client: ReturnType<typeof createCallbackClient>,
  url: string,
  over: { timeoutMs?: number; maxBodyBytes?: number } = {},
) => client.call({ method: "GET", url, timeoutMs: over.timeoutMs ?? 2000, maxBodyBytes: over.maxBodyBytes ?? 4096 });

describe("callback client", () => {
  it("connects to the address it checked, resolving the name once (DNS rebinding cannot switch it)", async () => {
    let calls = 0;
    const rebinding: Resolver = async (): Promise<LookupAddress[]> =>
      calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }];
    const client = createCallbackClient({ policy: loopback, userAgent: "test", resolver: rebinding });
    const out = await get(client, sub.url("/pinned?hub.challenge=c", "rebind.websub.test"));
    client.close();
    assert.equal(out.kind, "response");
    assert.equal(calls, 1);
    const [req] = sub.received({ path: "/pinned" });
    assert.equal(
      req?.headers.host,
      `rebind.websub.test:${sub.port}`,
      "TLS and Host use the name, the socket the checked address",
    );
  });

  it("never connects when the name resolves to a forbidden address", async () => {
    const client = createCallbackClient({
      policy: createAddressPolicy([]),
      userAgent: "test",
      resolver: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    const out = await get(client, sub.url("/never", "evil.websub.test"));
    client.close();
    assert.deepEqual(out.kind === "error" && out.code, "ERR_WEBSUB_FORBIDDEN_ADDRESS");
    assert.equal(sub.received({ path: "/never" }).length, 0);
  });

  it("reports redirects as they are, without following them", async () => {
    sub.set("/moved", { verify: { redirect: "/target" } });
    const client = createCallbackClient({ policy: loopback, userAgent: "test" });
    const out = await get(client, sub.url("/moved"));
    client.close();
    assert.equal(out.kind === "response" && out.status, 302);
    assert.equal(sub.received({ path: "/target" }).length, 0);
  });

  it("reads at most maxBodyBytes of an endless answer and gives up after the timeout", async () => {
    sub.set("/endless", { verify: "huge", deliver: "huge" });
    sub.set("/stuck", { deliver: "hang" });
    const client = createCallbackClient({ policy: loopback, userAgent: "test" });
    const huge = await client.call({
      method: "POST",
      url: sub.url("/endless"),
      body: Buffer.from("x"),
      timeoutMs: 2000,
      maxBodyBytes: 65536,
    });
    assert.ok(huge.kind === "response" && huge.status === 200 && !huge.complete && huge.body.length === 65536);
    const started = Date.now();
    const stuck = await client.call({
      method: "POST",
      url: sub.url("/stuck"),
      body: Buffer.from("x"),
      timeoutMs: 300,
      maxBodyBytes: 1024,
    });
    client.close();
    assert.equal(stuck.kind === "error" && stuck.code, "ETIMEDOUT");
    assert.ok(Date.now() - started < 1500);
  });

  it("refuses certificates it cannot verify, plain http and forbidden literals", async () => {
    const client = createCallbackClient({ policy: loopback, userAgent: "test" });
    const bad = await get(client, untrusted.url("/x"));
    assert.equal(bad.kind, "error");
    assert.match((bad as { code: string }).code, /CERT|SIGNATURE|VERIFY/);
    assert.equal((await get(client, sub.url("/x").replace("https:", "http:"))).kind, "error");
    const meta = await get(client, "https://169.254.169.254/latest");
    assert.equal(meta.kind === "error" && meta.code, "ERR_WEBSUB_FORBIDDEN_ADDRESS");
    client.close();
  });
});
