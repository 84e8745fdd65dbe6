// The pool of 2026-07-28 server instances: a closed instance serves again, at most maxIdle wait, unconnected ones are dropped.
import assert from "node:assert/strict";
import test from "node:test";
import { InMemoryTransport, Server } from "@modelcontextprotocol/server";
import { createServerPool } from "../../../sidecar/mcp/server-pool.ts";

const newServer = () => new Server({ name: "pool-test", version: "1.0.0" }, { capabilities: { tools: {} } });

async function serveOnce(server: Server): Promise<void> {
  const [serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await server.close();
}

test("an instance whose exchange closed is handed out again; busy ones never are", async () => {
  let built = 0;
  const pool = createServerPool(() => (built++, newServer()), 4);
  const a = pool.take();
  const b = pool.take();
  assert.notEqual(a, b);
  await serveOnce(a);
  assert.equal(pool.idle(), 1);
  assert.equal(pool.take(), a);
  assert.equal(pool.idle(), 0);
  // It connects again after its close, as the SDK allows.
  await serveOnce(a);
  assert.equal(pool.take(), a);
  assert.equal(built, 2);
});

test("at most maxIdle instances wait; one never connected is not returned", async () => {
  const pool = createServerPool(newServer, 1);
  const [a, b, c] = [pool.take(), pool.take(), pool.take()];
  await serveOnce(a);
  await serveOnce(b);
  assert.equal(pool.idle(), 1);
  await c.close();
  assert.equal(pool.idle(), 1);
});

test("maxIdle must be a whole number", () => {
  assert.throws(() => createServerPool(newServer, -1), /maxIdle: expected an integer >= 0, got -1/);
});
