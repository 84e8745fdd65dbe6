// Small pure rules of delivery: retry times from WEBSUB_RETRY_DELAYS, the attempt limit, the signature, the query appended.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, it } from "node:test";
import { maxAttempts, nextAttemptAt } from "../../../sidecar/websub/retry.ts";
import { hubSignature } from "../../../sidecar/websub/signature.ts";
import { callbackWithParams } from "../../../sidecar/websub/verify.ts";
import { loadConfig } from "../../../src/config.ts";

describe("retries", () => {
  it("waits the configured delay before the 2nd and 3rd attempts, then gives up", () => {
    const delays = [60, 600];
    assert.equal(maxAttempts(delays), 3);
    assert.equal(
      nextAttemptAt(1, delays, 1000, () => 0),
      61_000,
    );
    assert.equal(
      nextAttemptAt(2, delays, 1000, () => 0),
      601_000,
    );
    assert.equal(
      nextAttemptAt(3, delays, 1000, () => 0),
      null,
    );
  });

  it("adds at most 10% jitter", () => {
    assert.equal(
      nextAttemptAt(1, [60, 600], 0, () => 0.999),
      65_994,
    );
    assert.throws(() => nextAttemptAt(0, [1, 1], 0), RangeError);
  });
});

describe("X-Hub-Signature", () => {
  it("is the hex HMAC-SHA256 of the raw bytes, keyed by the secret", () => {
    const body = Buffer.from('{"text":"Zoë — ✓ 🚰"}');
    const expected = createHmac("sha256", "sëcret").update(body).digest("hex");
    assert.equal(hubSignature("sëcret", body), `sha256=${expected}`);
    assert.match(hubSignature("k", new Uint8Array()), /^sha256=[0-9a-f]{64}$/);
  });
});

describe("verification URL", () => {
  it("keeps the callback's own query (even a parameter named like the hub's) and appends after it", () => {
    assert.equal(
      callbackWithParams("https://s.example/cb?hub.mode=mine&x=1", {
        "hub.mode": "subscribe",
        "hub.topic": "https://t.example/a b",
      }),
      "https://s.example/cb?hub.mode=mine&x=1&hub.mode=subscribe&hub.topic=https%3A%2F%2Ft.example%2Fa+b",
    );
    assert.equal(callbackWithParams("https://s.example:8443/cb", { a: "1" }), "https://s.example:8443/cb?a=1");
  });
});

describe("WebSub configuration", () => {
  it("has production defaults", () => {
    const ws = loadConfig({}).websub;
    assert.equal(ws.concurrency, 32);
    assert.equal(ws.rateLimitPerMinute, 60);
    assert.equal(ws.maxSubscriptionsPerTopic, 10_000);
    assert.equal(ws.maxSubscriptionsPerHost, 100);
    assert.equal(ws.claimTtlSeconds, 60);
    assert.equal(ws.verifyTimeoutSeconds, 10);
    assert.equal(ws.deliveryTimeoutSeconds, 10);
  });

  it("refuses a claim that would not outlive its attempt, and claims over 60 s", () => {
    assert.throws(() => loadConfig({ WEBSUB_CLAIM_TTL: "10" }), /WEBSUB_CLAIM_TTL/);
    assert.throws(() => loadConfig({ WEBSUB_CLAIM_TTL: "61" }), /WEBSUB_CLAIM_TTL/);
    assert.throws(() => loadConfig({ WEBSUB_SWEEP_CRON: "every minute" }), /WEBSUB_SWEEP_CRON/);
    assert.equal(
      loadConfig({ WEBSUB_CLAIM_TTL: "3", WEBSUB_DELIVERY_TIMEOUT: "2", WEBSUB_VERIFY_TIMEOUT: "2" }).websub
        .claimTtlSeconds,
      3,
    );
  });
});
