// A worker thread for tests of the listener: serves "ok" through sidecar/server.ts's listen with the default limits,
// posts its URL, and when told `{ busyMs }` keeps its event loop busy that long (a long synchronous answer), then posts
// "free".
import { parentPort } from "node:worker_threads";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../sidecar/log.ts";
import { listen } from "../../sidecar/server.ts";

const { http } = loadConfig({});
const server = await listen(
  { fetch: () => new Response("ok") },
  { host: "127.0.0.1", port: 0, logger: createLogger(() => {}), limits: http },
);
parentPort!.on("message", (message: { busyMs?: number; close?: true }) => {
  if (message.close) {
    void server.close(0).then(() => parentPort!.close());
    return;
  }
  const until = Date.now() + message.busyMs!;
  while (Date.now() < until);
  parentPort!.postMessage("free");
});
parentPort!.postMessage(server.url);
