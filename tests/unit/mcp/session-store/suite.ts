// The MCP session store's behaviour on any engine, two stores on one database standing for two replicas: limits
// counted in the database, the idle TTL, ending everywhere, and subscriptions advanced by one replica only.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { McpSessionStore, SessionLimits } from "../../../../sidecar/mcp/session-store/store.ts";

export const TTL = 60_000;
const limits: SessionLimits = { ttlMs: TTL, max: 5, maxPerClient: 3, perClientPerMinute: 4 };
export const T0 = 1_800_000_000_000;

/** Runs the suite on the stores `openPair` gives (two replicas' stores on one new database). */
export function describeSessionStore(
  engine: string,
  openPair: () => Promise<[McpSessionStore, McpSessionStore]>,
): void {
  // Hooks inside a describe: they run after the file's own (which start a database server, say).
  describe(`session store on ${engine}`, () => {
    let a: McpSessionStore;
    let b: McpSessionStore;
    let n = 0;
    before(async () => {
      [a, b] = await openPair();
    });
    after(async () => {
      await a?.close();
      await b?.close();
    });

    const session = (clientAddress: string) => ({
      id: `s${++n}`,
      protocolVersion: "2025-06-18",
      client: '{"clientInfo":{"name":"t","version":"1"},"capabilities":{}}',
      clientAddress,
    });

    describe("sessionCreate", () => {
      it("counts a client's live sessions across replicas and says when the oldest frees its slot", async () => {
        const now = T0;
        assert.equal((await a.sessionCreate(session("10.0.0.1"), limits, now)).status, "created");
        assert.equal((await b.sessionCreate(session("10.0.0.1"), limits, now + 1000)).status, "created");
        assert.equal((await a.sessionCreate(session("10.0.0.1"), limits, now + 2000)).status, "created");
        const refused = await b.sessionCreate(session("10.0.0.1"), limits, now + 3000);
        assert.deepEqual(refused, { status: "refused", limit: "client-sessions", retryAfterMs: TTL - 3000 });
        // Another client still gets in.
        assert.equal((await b.sessionCreate(session("10.0.0.2"), limits, now + 3000)).status, "created");
        assert.equal(await a.sessionCount(now + 3000, TTL), 4);
      });

      it("refuses past the total cap with the time until the first idle session expires", async () => {
        const now = T0 + 4000;
        assert.equal((await a.sessionCreate(session("10.0.0.3"), limits, now)).status, "created");
        const refused = await a.sessionCreate(session("10.0.0.4"), limits, now);
        assert.deepEqual(refused, { status: "refused", limit: "sessions", retryAfterMs: TTL - 4000 });
      });

      it("limits the rate of new sessions per client, ended ones included, for a minute", async () => {
        const now = T0 + 10 * TTL;
        assert.equal(await a.sessionEndIdle(now, TTL), 5);
        for (let i = 0; i < 4; i++) {
          const s = session("10.0.0.5");
          assert.equal((await a.sessionCreate(s, limits, now + i * 1000)).status, "created");
          assert.equal(await b.sessionEnd(s.id, now + i * 1000), true);
        }
        const refused = await a.sessionCreate(session("10.0.0.5"), limits, now + 5000);
        assert.deepEqual(refused, { status: "refused", limit: "client-rate", retryAfterMs: 55_000 });
        assert.equal((await a.sessionCreate(session("10.0.0.5"), limits, now + 60_001)).status, "created");
      });
    });

    describe("sessionTouch and sessionEnd", () => {
      it("returns a live session from either replica, keeps it alive, and refuses it once idle past the TTL", async () => {
        const now = T0 + 100 * TTL;
        const s = session("10.0.1.1");
        await a.sessionCreate(s, limits, now);
        const seen = await b.sessionTouch(s.id, now + TTL - 1, TTL);
        assert.equal(seen?.protocolVersion, "2025-06-18");
        assert.equal(seen?.clientAddress, "10.0.1.1");
        assert.equal(seen?.lastSeenAt, now + TTL - 1);
        assert.ok(await a.sessionTouch(s.id, now + 2 * TTL - 2, TTL), "the touch on b kept it alive");
        assert.equal(await a.sessionTouch(s.id, now + 3 * TTL, TTL), undefined);
        assert.equal(await a.sessionTouch("unknown", now, TTL), undefined);
      });

      it("ends a session for every replica", async () => {
        const now = T0 + 200 * TTL;
        const s = session("10.0.1.2");
        await a.sessionCreate(s, limits, now);
        assert.deepEqual(
          (await b.sessionLive([s.id, "other"], now, TTL)).map((r) => r.id),
          [s.id],
        );
        assert.equal(await b.sessionEnd(s.id, now + 1), true);
        assert.equal(await b.sessionEnd(s.id, now + 2), false);
        assert.equal(await a.sessionTouch(s.id, now + 3, TTL), undefined);
        assert.deepEqual(await a.sessionLive([s.id], now + 3, TTL), []);
      });

      it("keeps the log level a client set", async () => {
        const now = T0 + 300 * TTL;
        const s = session("10.0.1.3");
        await a.sessionCreate(s, limits, now);
        await b.sessionLogLevelSet(s.id, "warning");
        assert.equal((await a.sessionTouch(s.id, now, TTL))?.logLevel, "warning");
      });
    });

    describe("subscriptions", () => {
      it("are capped per session, listed in order, advanced by one replica only, and go with their session", async () => {
        const now = T0 + 400 * TTL;
        const s = session("10.0.2.1");
        await a.sessionCreate(s, limits, now);
        assert.equal(await a.subscriptionAdd(s.id, { uri: "u:b", version: "1" }, 2), true);
        assert.equal(await b.subscriptionAdd(s.id, { uri: "u:a", version: "1" }, 2), true);
        assert.equal(await b.subscriptionAdd(s.id, { uri: "u:c", version: "1" }, 2), false);
        assert.equal(
          await b.subscriptionAdd(s.id, { uri: "u:a", version: "2" }, 2),
          true,
          "a refresh is not a new one",
        );
        assert.deepEqual(await a.subscriptionList(s.id), [
          { uri: "u:a", version: "2" },
          { uri: "u:b", version: "1" },
        ]);
        assert.equal(await a.subscriptionAdvance(s.id, "u:b", "1", "3"), true);
        assert.equal(await b.subscriptionAdvance(s.id, "u:b", "1", "3"), false);
        await b.subscriptionRemove(s.id, "u:a");
        assert.deepEqual(await a.subscriptionList(s.id), [{ uri: "u:b", version: "3" }]);
        await a.sessionEnd(s.id, now);
        await a.sessionEndIdle(now + 2 * TTL, TTL);
        assert.deepEqual(await a.subscriptionList(s.id), []);
      });
    });
  });
}
