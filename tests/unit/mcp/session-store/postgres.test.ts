// The PostgreSQL MCP session store on a throwaway server: the shared suite on two pools of one database (two replicas
// on two machines), and its tables migrated once while replicas start together, beside the hub's.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { openSessionStore } from "../../../../sidecar/mcp/session-store/open.ts";
import { openHubStore } from "../../../../sidecar/websub/store/open.ts";
import { startPostgres, type TestPostgres } from "../../../../scripts/lib/test-postgres.ts";
import { describeSessionStore, T0, TTL } from "./suite.ts";

let server: TestPostgres;
before(async () => {
  server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

describeSessionStore("PostgreSQL", async () => {
  const url = await server.createDatabase();
  return [await openSessionStore(url, { maxConnections: 4 }), await openSessionStore(url, { maxConnections: 4 })];
});

describe("PostgreSQL: schema", () => {
  it("is applied once while replicas start together, beside the hub's tables", async () => {
    const url = await server.createDatabase();
    const [hub, ...stores] = await Promise.all([openHubStore(url), ...[1, 2, 3].map(() => openSessionStore(url))]);
    assert.deepEqual(await Promise.all(stores.map((s) => s.sessionCount(T0, TTL))), [0, 0, 0]);
    await Promise.all([hub!.close(), ...stores.map((s) => s.close())]);
  });
});
