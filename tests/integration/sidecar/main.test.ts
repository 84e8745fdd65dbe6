// The real sidecar process (sidecar/main.ts) on a random loopback port, against a synthetic release, over real HTTP.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { gunzipSync } from "node:zlib";
import { type SidecarProcess, startSidecar } from "../../../scripts/lib/sidecar-process.ts";
import { publish, sampleSite, SITE_URL, type SyntheticFile, writeRelease } from "../../helpers/synthetic-release.ts";

const SECRET = "integration-secret-outside-release";
const BIG = Buffer.alloc(12 * 1024 * 1024, "reviews ");

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with exactly the headers given (fetch would add Accept-Encoding and decode the body). */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Sends a request target byte for byte, as no URL-parsing client would. */
function rawGet(base: string, target: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let data = "";
    socket.on("data", (c) => (data += c.toString("latin1")));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

describe("sidecar process", () => {
  let tmp: string;
  let distDir: string;
  let sidecar: SidecarProcess;
  let n = 0;
  const release = async (files: Record<string, SyntheticFile>) => {
    const dir = path.join(tmp, ".dist-releases", `r${++n}`);
    await writeRelease(dir, files);
    await publish(distDir, dir);
  };

  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "sidecar-it-"));
    distDir = path.join(tmp, "dist");
    await writeFile(path.join(tmp, "secret.txt"), SECRET);
    await release({
      ...sampleSite(),
      "/big.bin": { body: BIG, content_type: "application/octet-stream", compress: false },
    });
    sidecar = await startSidecar({
      DIST_DIR: distDir,
      SITE_URL,
      HOST: "127.0.0.1",
      PORT: "0",
      DIST_CHECK_INTERVAL: "1",
      HUB_DB: path.join(tmp, "hub.sqlite"),
    });
  });
  after(async () => {
    await sidecar?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  it("listens on loopback and logs its URL", () => {
    assert.match(sidecar.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("serves /reviews.json with validators, and 304 for its ETag", async () => {
    const first = await get(`${sidecar.url}/reviews.json`);
    assert.equal(first.status, 200);
    assert.equal(first.headers["content-type"], "application/json; charset=utf-8");
    assert.equal(JSON.parse(first.body.toString()).generation, 1);
    const etag = first.headers["etag"] as string;
    const second = await get(`${sidecar.url}/reviews.json`, { "if-none-match": etag });
    assert.equal(second.status, 304);
    assert.equal(second.body.length, 0);
    assert.equal(second.headers["etag"], etag);
    const third = await get(`${sidecar.url}/reviews.json`, {
      "if-modified-since": first.headers["last-modified"] as string,
    });
    assert.equal(third.status, 304);
  });

  it("negotiates gzip over the wire, and answers HEAD without a body", async () => {
    const identity = await get(`${sidecar.url}/feed.xml`);
    const gz = await get(`${sidecar.url}/feed.xml`, { "accept-encoding": "gzip" });
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gz.headers["vary"], "Accept-Encoding");
    assert.equal(identity.headers["content-type"], "application/atom+xml; charset=utf-8");
    assert.ok(gunzipSync(gz.body).equals(identity.body));
    const head = await get(`${sidecar.url}/feed.xml`, {}, "HEAD");
    assert.equal(head.status, 200);
    assert.equal(head.headers["content-length"], String(identity.body.length));
    assert.equal(head.body.length, 0);
  });

  for (const target of [
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/..%2Fsecret.txt",
    "/..\\secret.txt",
    "/a\\..\\..\\secret.txt",
    "/%00",
    "/%E0%A4%A",
    "/./reviews.json",
  ]) {
    it(`answers the raw target ${target} with 404 JSON`, async () => {
      const reply = await rawGet(sidecar.url, target);
      assert.match(reply, /^HTTP\/1\.1 404 /);
      assert.match(reply, /\r\ncontent-type: application\/json/i);
      assert.match(reply, /"code":"not_found"/);
      assert.ok(!reply.includes(SECRET));
    });
  }

  it("answers 405 with Allow for POST", async () => {
    const res = await fetch(`${sidecar.url}/reviews.json`, { method: "POST", body: "{}" });
    assert.equal(res.status, 405);
    assert.match(res.headers.get("allow")!, /GET, HEAD/);
    assert.equal((await res.json()).code, "method_not_allowed");
  });

  it("streams a big file in full", async () => {
    const res = await get(`${sidecar.url}/big.bin`);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-length"], String(BIG.length));
    assert.ok(res.body.equals(BIG));
  });

  it("serves a new release once DIST_DIR is pointed at it", async () => {
    await release(sampleSite({ generation: 2 }));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await get(`${sidecar.url}/reviews.json`);
      if (JSON.parse(res.body.toString()).generation === 2) break;
      assert.ok(Date.now() < deadline, "the new release was not served within 10 s");
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(sidecar.lines().some((l) => l.includes("serving new release")));
  });

  it("finishes a response in flight on SIGTERM, then exits 0", async () => {
    await release({
      ...sampleSite({ generation: 3 }),
      "/big.bin": { body: BIG, content_type: "application/octet-stream", compress: false },
    });
    const deadline = Date.now() + 10_000;
    while ((await get(`${sidecar.url}/big.bin`, {}, "HEAD")).status !== 200) {
      assert.ok(Date.now() < deadline, "release 3 was not served");
      await new Promise((r) => setTimeout(r, 50));
    }
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(`${sidecar.url}/big.bin`, { agent: false }, (res) => {
        let bytes = 0;
        res.once("data", (c: Buffer) => {
          bytes += c.length;
          res.pause();
          sidecar.child.kill("SIGTERM");
          setTimeout(() => res.resume(), 200);
          res.on("data", (more: Buffer) => (bytes += more.length));
        });
        res.on("end", () => resolve(bytes));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
    assert.equal(received, BIG.length);
    assert.equal(await sidecar.exited, 0);
    assert.ok(sidecar.lines().some((l) => l.includes('"msg":"stopped"')));
  });

  it("exits 1 with a clear message when DIST_DIR holds no release", async () => {
    await assert.rejects(
      startSidecar({
        DIST_DIR: path.join(tmp, "missing"),
        HOST: "127.0.0.1",
        PORT: "0",
        HUB_DB: path.join(tmp, "hub2.sqlite"),
      }),
      (err: Error) => /exited with code 1/.test(err.message) && /npm run build/.test(err.message),
    );
  });
});
