// Configuration is read once from the environment, with defaults and errors that name the variable.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("loadConfig", () => {
  it("has defaults that suit production", () => {
    const c = loadConfig({});
    assert.equal(c.port, 4321);
    assert.equal(c.host, "127.0.0.1");
    assert.equal(c.siteUrl, "http://localhost:4321");
    assert.deepEqual(c.websub.retryDelaysSeconds, [60, 600]);
    assert.deepEqual(c.mcp.allowedOrigins, ["http://localhost:4321"]);
    assert.ok(Object.isFrozen(c) && Object.isFrozen(c.websub));
  });
  it("reduces SITE_URL to its origin", () => {
    assert.equal(loadConfig({ SITE_URL: "https://reviews.example.test/" }).siteUrl, "https://reviews.example.test");
  });
  it("names every bad variable", () => {
    assert.throws(
      () => loadConfig({ PORT: "http", SITE_URL: "ftp://x", WEBSUB_RETRY_DELAYS: "1" }),
      (err: unknown) =>
        err instanceof ConfigError &&
        /PORT/.test(err.message) &&
        /SITE_URL/.test(err.message) &&
        /WEBSUB_RETRY_DELAYS/.test(err.message),
    );
  });
  it("sizes the static file cache in MB, 0 turning it off", () => {
    assert.equal(loadConfig({}).staticCacheBytes, 32 * 2 ** 20);
    assert.equal(loadConfig({ STATIC_CACHE_MB: "0" }).staticCacheBytes, 0);
    assert.throws(() => loadConfig({ STATIC_CACHE_MB: "-1" }), /STATIC_CACHE_MB/);
  });
  it("caps MCP sessions per client, and keys session ids with a secret that is random unless set", () => {
    const c = loadConfig({});
    assert.equal(c.mcp.maxSessionsPerClient, 50);
    assert.equal(c.mcp.sessionRatePerClient, 60);
    assert.ok(c.mcp.sessionSecret.length >= 32);
    assert.notEqual(loadConfig({}).mcp.sessionSecret, c.mcp.sessionSecret, "random per process");
    const secret = "s".repeat(32);
    assert.equal(loadConfig({ MCP_SESSION_SECRET: secret }).mcp.sessionSecret, secret);
    assert.throws(() => loadConfig({ MCP_SESSION_SECRET: "short" }), /MCP_SESSION_SECRET: expected at least 32/);
    assert.throws(() => loadConfig({ MCP_MAX_SESSIONS_PER_CLIENT: "0" }), /MCP_MAX_SESSIONS_PER_CLIENT/);
    assert.throws(() => loadConfig({ MCP_SESSION_RATE_PER_CLIENT: "1.5" }), /MCP_SESSION_RATE_PER_CLIENT/);
  });
  it("refuses lease bounds out of order", () => {
    assert.throws(() => loadConfig({ WEBSUB_LEASE_MIN: "100", WEBSUB_LEASE_DEFAULT: "50" }), /MIN <= DEFAULT <= MAX/);
  });
});

describe("loadConfig: replicas and test-sized hub knobs", () => {
  it("takes HUB_DB as a SQLite path or a postgres:// URL, and nothing else with a scheme", () => {
    assert.equal(loadConfig({ HUB_DB: "postgres://hub@db.internal/hub" }).hubDb, "postgres://hub@db.internal/hub");
    assert.equal(loadConfig({ HUB_DB: "/var/lib/reviews/hub.sqlite" }).hubDb, "/var/lib/reviews/hub.sqlite");
    assert.throws(
      () => loadConfig({ HUB_DB: "mysql://db/hub" }),
      /HUB_DB: expected a file path \(SQLite\) or a postgres/,
    );
  });
  it("takes HUB_DB_POOL_SIZE as a whole number of connections from 2, 10 by default", () => {
    assert.equal(loadConfig({}).hubDbPoolSize, 10);
    assert.equal(loadConfig({ HUB_DB_POOL_SIZE: "4" }).hubDbPoolSize, 4);
    assert.throws(() => loadConfig({ HUB_DB_POOL_SIZE: "1" }), /HUB_DB_POOL_SIZE: expected at least 2/);
    assert.throws(() => loadConfig({ HUB_DB_POOL_SIZE: "2.5" }), /HUB_DB_POOL_SIZE: expected a whole number/);
    assert.throws(() => loadConfig({ HUB_DB_POOL_SIZE: "ten" }), /HUB_DB_POOL_SIZE:/);
  });
  it("reads TRUST_PROXY as addresses and CIDRs, empty by default", () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,fd00::/8" }).trustProxy, [
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    for (const bad of ["10.0.0.0/33", "nginx", "10.0.0.0/8/1", "::/129"])
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
  });
  it("accepts test-sized values: 5 s claims, 1 s timeouts, a sweep every 2 seconds", () => {
    const c = loadConfig({
      WEBSUB_CLAIM_TTL: "5",
      WEBSUB_VERIFY_TIMEOUT: "1",
      WEBSUB_DELIVERY_TIMEOUT: "1",
      WEBSUB_SWEEP_CRON: "*/2 * * * * *",
    });
    assert.deepEqual(
      [c.websub.claimTtlSeconds, c.websub.verifyTimeoutSeconds, c.websub.deliveryTimeoutSeconds, c.websub.sweepCron],
      [5, 1, 1, "*/2 * * * * *"],
    );
    assert.throws(() => loadConfig({ WEBSUB_DELIVERY_TIMEOUT: "0" }), /WEBSUB_DELIVERY_TIMEOUT/);
    assert.throws(() => loadConfig({ WEBSUB_SWEEP_CRON: "every minute" }), /WEBSUB_SWEEP_CRON/);
  });
});
