// 2,000 clients that ask for a big file (/reviews.json, 12 MB) and stop reading: the sidecar holds a bounded piece of
// each answer (its memory grows by less than 500 MB: at most a 64 KB chunk each, and the objects of a request), the send
// timeout closes every one of them, and /healthz keeps answering meanwhile. Before, each held a 1 MB chunk with no timeout (2,000 stalled clients took RSS up 2 GB).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { type SidecarProcess, startSidecar } from "../../scripts/lib/sidecar-process.ts";
import { publish, sampleSite, SITE_URL, writeRelease } from "../helpers/synthetic-release.ts";
import { dataset } from "../helpers/dataset.ts";

const CLIENTS = 2000;
const SEND_TIMEOUT = 3;
/** Beyond this the test stops at once: the sidecar is holding what it must not, and the machine is shared. */
const GIVE_UP_BYTES = 1024 * 2 ** 20;

let tmp: string;
let sidecar: SidecarProcess;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "stalled-downloads-"));
  const dir = path.join(tmp, "release-1");
  await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(20_000)) } });
  await publish(path.join(tmp, "dist"), dir);
  sidecar = await startSidecar({
    DIST_DIR: path.join(tmp, "dist"),
    SITE_URL,
    HUB_DB: path.join(tmp, "hub.sqlite"),
    HTTP_SEND_TIMEOUT: String(SEND_TIMEOUT),
  });
});
after(async () => {
  await sidecar?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const rss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${sidecar.child.pid}/status`, "utf8"))![1]) * 1024;

/**
 * A client that asks for `/reviews.json` as is and stops reading. A paused socket does not see the server hang up:
 * `resume` reads again, and `closed` then settles with the bytes it got.
 */
async function stalledClient() {
  const { hostname, port } = new URL(sidecar.url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.on("error", () => undefined);
  let bytes = 0;
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(bytes)));
  socket.write("GET /reviews.json HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n");
  socket.pause();
  const resume = () => {
    socket.on("data", (c: Buffer) => (bytes += c.length));
    socket.resume();
  };
  return { socket, closed, resume };
}

it("holds little of each stalled download and closes them all after the send timeout", async (t) => {
  const whole = Number(
    (
      await fetch(`${sidecar.url}/reviews.json`, { method: "HEAD", headers: { "accept-encoding": "identity" } })
    ).headers.get("content-length"),
  );
  assert.ok(whole > 10 * 2 ** 20, `reviews.json is ${whole} bytes`);
  assert.equal((await sidecar.get("/healthz")).status, 200);
  const settled = rss();
  let peak = settled;
  let slowestHealth = 0;
  const clients: Awaited<ReturnType<typeof stalledClient>>[] = [];
  try {
    for (let i = 0; i < CLIENTS; i += 100)
      clients.push(...(await Promise.all(Array.from({ length: 100 }, () => stalledClient()))));
    // Stalled for a few send timeouts: a stall is seen one to two timeouts after it begins (a write still moving when
    // the timer fires gives it another), and 2,000 connections take a while to open on a busy machine.
    const until = Date.now() + (4 * SEND_TIMEOUT + 3) * 1000;
    while (Date.now() < until && peak - settled < GIVE_UP_BYTES) {
      const started = performance.now();
      assert.equal((await sidecar.get("/healthz")).status, 200);
      slowestHealth = Math.max(slowestHealth, performance.now() - started);
      peak = Math.max(peak, rss());
      await new Promise((r) => setTimeout(r, 200));
    }
    const grew = Math.round((peak - settled) / 2 ** 20);
    for (const c of clients) c.resume();
    const stop = new AbortController();
    const late = delay(15_000, undefined, { signal: stop.signal }).catch(() => undefined);
    const got = await Promise.all(clients.map((c) => Promise.race([c.closed, late])));
    stop.abort();
    const open = got.filter((b) => b === undefined).length;
    const whole_ = got.filter((b) => b !== undefined && b >= whole).length;
    t.diagnostic(
      `RSS +${grew} MB at most; ${open} of ${CLIENTS} not closed, ${whole_} got the whole file; /healthz at most ${Math.round(slowestHealth)} ms`,
    );
    assert.ok(peak - settled < 500 * 2 ** 20, `RSS grew ${grew} MB`);
    assert.equal(open, 0, `${open} stalled downloads were not closed`);
    assert.equal(whole_, 0, `${whole_} stalled downloads were kept until they got the whole file`);
    assert.ok(slowestHealth < 1000, `/healthz took ${Math.round(slowestHealth)} ms`);
  } finally {
    for (const c of clients) c.socket.destroy();
  }
});
