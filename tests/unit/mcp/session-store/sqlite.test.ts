// The SQLite MCP session store: the shared suite on two connections to one file (two replicas on one machine), and
// the file shared with the hub's own store.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openSqliteStore } from "../../../../sidecar/websub/store/open.ts";
import { openSqliteSessionStore } from "../../../../sidecar/mcp/session-store/open.ts";
import { describeSessionStore, T0, TTL } from "./suite.ts";

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mcp-session-store-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeSessionStore("SQLite", async () => {
  const file = path.join(dir, "hub.sqlite");
  return [openSqliteSessionStore(file), openSqliteSessionStore(file)];
});

describe("schema", () => {
  it("shares the file with the hub's store, each migrating its own tables, reopened as often as replicas start", async () => {
    const hub = openSqliteStore(path.join(dir, "hub.sqlite"));
    await hub.healthCheck();
    await hub.close();
    const again = openSqliteSessionStore(path.join(dir, "hub.sqlite"));
    assert.equal(await again.sessionCount(T0 + 1000 * TTL, TTL), 0);
    await again.close();
  });
});
