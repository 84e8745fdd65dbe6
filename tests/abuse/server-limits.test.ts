// Slow and idle connections are cut by the server's limits (the HTTP_* settings, set short here; their defaults are
// pinned by the unit test of serverOptions), and a flood of open connections is capped while the admin listener's
// /healthz keeps answering: a connection that sends no headers within HTTP_HEADERS_TIMEOUT is closed, as are a request
// not received whole in time, an idle keep-alive connection, and connections beyond the cap.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { publish, sampleSite, writeRelease } from "../helpers/synthetic-release.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

let tmp: string;
let distDir: string;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "server-limits-"));
  await writeRelease(path.join(tmp, "release-1"), sampleSite());
  distDir = path.join(tmp, "dist");
  await publish(distDir, path.join(tmp, "release-1"));
});
after(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A raw connection to `url`'s host and port, with what it received and when the server closed it. */
async function open(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (c: Buffer) => (received += c.toString()));
  socket.on("error", () => undefined);
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
  return { socket, closed, received: () => received };
}

/** When `closed` settles, or undefined if not within `ms`. */
async function within(closed: Promise<number>, ms: number): Promise<number | undefined> {
  const stop = new AbortController();
  try {
    return await Promise.race([closed, delay(ms, undefined, { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

describe("server limits", { concurrency: true }, () => {
  it("closes a connection that has not sent its headers within HTTP_HEADERS_TIMEOUT", async () => {
    const sc = await startTestSidecar(distDir, { HTTP_HEADERS_TIMEOUT: "2" });
    try {
      const c = await open(sc.url);
      const opened = performance.now();
      c.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
      // A header line every 200 ms, never the blank line that ends them.
      const trickle = setInterval(() => c.socket.writable && c.socket.write("x-slow: 1\r\n"), 200);
      try {
        const at = await within(c.closed, 10_000);
        assert.ok(at !== undefined, "still open after 10 s");
        const seconds = (at - opened) / 1000;
        // Node looks at the timeouts once a second (serverOptions' check interval): 2 s, up to a second late.
        assert.ok(seconds >= 1.9 && seconds <= 3.5, `closed after ${seconds.toFixed(1)} s`);
      } finally {
        clearInterval(trickle);
        c.socket.destroy();
      }
    } finally {
      await sc.stop();
    }
  });

  describe("with short limits", () => {
    let sc: TestSidecar;
    before(async () => {
      sc = await startTestSidecar(distDir, {
        HTTP_HEADERS_TIMEOUT: "2",
        HTTP_REQUEST_TIMEOUT: "3",
        HTTP_KEEP_ALIVE_TIMEOUT: "1",
        HTTP_MAX_CONNECTIONS: "20",
      });
    });
    after(async () => {
      await sc?.stop();
    });

    it("closes a request whose body is not received in time", async () => {
      const c = await open(sc.url);
      const opened = performance.now();
      c.socket.write(
        "POST /api/websub/hub HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 1000\r\n\r\n",
      );
      const trickle = setInterval(() => c.socket.writable && c.socket.write("a"), 200);
      try {
        const at = await within(c.closed, 10_000);
        assert.ok(at !== undefined, "still open after 10 s");
        assert.ok((at - opened) / 1000 <= 5, `closed after ${((at - opened) / 1000).toFixed(1)} s`);
      } finally {
        clearInterval(trickle);
        c.socket.destroy();
      }
    });

    it("closes an idle keep-alive connection", async () => {
      const c = await open(sc.url);
      c.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      const until = Date.now() + 5000;
      while (!c.received().includes("\r\n\r\n") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      assert.match(c.received(), /^HTTP\/1\.1 200/);
      const answered = performance.now();
      const at = await within(c.closed, 4000);
      c.socket.destroy();
      assert.ok(at !== undefined, "still open 4 s after its answer");
      assert.ok((at - answered) / 1000 <= 2.5, `closed after ${((at - answered) / 1000).toFixed(1)} s`);
    });

    it("closes connections beyond the cap at once, while the admin listener's /healthz answers", async () => {
      const held = await Promise.all(Array.from({ length: 20 }, () => open(sc.url)));
      try {
        // The server counts a connection once it has accepted it.
        await new Promise((r) => setTimeout(r, 200));
        const extra = await open(sc.url);
        extra.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
        const at = await within(extra.closed, 2000);
        extra.socket.destroy();
        assert.ok(at !== undefined, "a connection beyond the cap stayed open");
        assert.equal(extra.received(), "", "a connection beyond the cap was answered");

        const started = performance.now();
        const health = await sc.admin("/healthz");
        assert.equal(health.status, 200);
        assert.equal(((await health.json()) as { status: string }).status, "ok");
        assert.ok(performance.now() - started < 1000);
      } finally {
        for (const c of held) c.socket.destroy();
      }
      // The cap frees as connections close.
      await new Promise((r) => setTimeout(r, 200));
      assert.equal((await sc.get("/healthz")).status, 200);
    });
  });
});
