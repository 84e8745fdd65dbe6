// A burst of new connections while the sidecar's event loop is busy waits in the kernel's queue for the loop to accept
// it: connections up to HTTP_MAX_CONNECTIONS (as far as net.core.somaxconn allows) complete their handshake at once.
// Before, the queue held Node's default of 511 and the kernel dropped the attempts beyond: each of those, a health
// probe's among them, waited for its retransmission (1 s, 3 s, 7 s), which made /healthz on the public listener take
// seconds beside slow and stalled clients.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { once } from "node:events";
import { after, before, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { Worker } from "node:worker_threads";

/** Well beyond Node's default queue of 511. */
const BURST = 1500;
const somaxconn = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));

let worker: Worker;
let url: URL;

before(async () => {
  worker = new Worker(new URL("../helpers/busy-listener.ts", import.meta.url));
  url = new URL(((await once(worker, "message")) as [string])[0]);
});
after(async () => {
  worker.postMessage({ close: true });
  await once(worker, "exit");
});

it("queues a burst of connections that comes while the event loop is busy", async () => {
  const free = once(worker, "message");
  worker.postMessage({ busyMs: 6000 });
  // The worker's loop is now held: nothing is accepted until it is free again.
  await delay(200);
  const sockets: Socket[] = [];
  let connected = 0;
  try {
    for (let i = 0; i < BURST; i++) {
      const socket = connect(Number(url.port), url.hostname);
      socket.on("error", () => {});
      socket.once("connect", () => connected++);
      sockets.push(socket);
    }
    // A dropped attempt is retried after 1 s: counting well before that, what connected was queued.
    await delay(800);
    const queued = connected;
    await free;
    assert.ok(
      queued >= Math.min(BURST, somaxconn),
      `${queued} of ${BURST} connections queued (net.core.somaxconn ${somaxconn})`,
    );
    // Once free, the loop accepts and answers them.
    const answered = await Promise.all(
      sockets.slice(0, 50).map(async (socket) => {
        const data = once(socket, "data");
        socket.write(`GET / HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        return String((await data)[0]).split("\r\n")[0];
      }),
    );
    assert.deepEqual(new Set(answered), new Set(["HTTP/1.1 200 OK"]));
  } finally {
    for (const socket of sockets) socket.destroy();
  }
});
