// Static answers written before the app sees the request: byte for byte what the app's own route answers (headers
// included), taken only where nothing but memory is needed, and never for a path a dynamic route owns.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sampleSite } from "../../../scripts/lib/synthetic-release.ts";
import { loadRelease } from "../../../sidecar/release/load.ts";
import type { Release } from "../../../sidecar/release/release.ts";
import { listen, type RunningServer } from "../../../sidecar/server.ts";
import { staticAtOnce } from "../../../sidecar/static/at-once.ts";
import { fixture, type Fixture } from "./fixture.ts";
import { type Headers, send } from "./raw-request.ts";

describe("static answers made at once", () => {
  let f: Fixture;
  let viaApp: RunningServer;
  let atOnce: RunningServer;
  let taken = 0;
  let served: Release;
  before(async () => {
    // A release that also holds a file at /healthz, a path the app answers itself.
    f = await fixture({ files: { ...sampleSite(), "/healthz": { body: "a file, not the health check" } } });
    served = f.site;
    const answer = staticAtOnce(f.app, () => served);
    viaApp = await listen(f.app, { host: "127.0.0.1", port: 0, logger: f.logger });
    atOnce = await listen(f.app, {
      host: "127.0.0.1",
      port: 0,
      logger: f.logger,
      answerAtOnce: (incoming, outgoing) => {
        const done = answer(incoming, outgoing);
        if (done) taken++;
        return done;
      },
    });
  });
  after(async () => {
    await Promise.all([viaApp.close(), atOnce.close()]);
    await f.cleanup();
  });

  const etagOf = (urlPath: string, coding: "identity" | "br" | "gzip") => {
    const file = f.site.files.get(urlPath)!;
    return (coding === "identity" ? file.identity : file[coding]!).etag;
  };

  it("answers a 304 and a 200 from memory exactly as the app does", async () => {
    const lastModified = f.site.files.get("/reviews.json")!.lastModified;
    const cases: [string, string, Headers][] = [
      ["GET", "/reviews.json", {}],
      ["GET", "/reviews.json", { "accept-encoding": "br, gzip" }],
      ["GET", "/reviews.json", { "accept-encoding": "gzip" }],
      ["GET", "/reviews.json", { "if-none-match": etagOf("/reviews.json", "identity") }],
      ["GET", "/reviews.json", { "if-none-match": `"other", ${etagOf("/reviews.json", "identity")}` }],
      ["GET", "/reviews.json", { "accept-encoding": "br", "if-none-match": etagOf("/reviews.json", "br") }],
      ["GET", "/reviews.json", { "if-modified-since": f.site.files.get("/reviews.json")!.lastModified }],
      ["GET", "/", {}],
      ["GET", "/favicon.ico", { "if-none-match": "*" }],
      ["GET", "/feed.xml", { "if-none-match": '"stale"' }],
      // Both copies count: joined, the value is not a date and the header is disregarded (a 200, as the app gives).
      [
        "GET",
        "/reviews.json",
        ["host", "localhost:4321", "if-modified-since", lastModified, "if-modified-since", lastModified],
      ],
      [
        "GET",
        "/reviews.json",
        { host: "reviews.example.test:8443", "if-none-match": etagOf("/reviews.json", "identity") },
      ],
    ];
    for (const [method, target, headers] of cases) {
      const before = taken;
      const expected = await send(viaApp.url, method, target, headers);
      assert.equal(taken, before, "the server without it never takes a request");
      const actual = await send(atOnce.url, method, target, headers);
      assert.equal(taken, before + 1, `${method} ${target} ${JSON.stringify(headers)} is answered at once`);
      assert.deepEqual(actual, expected, `${method} ${target} ${JSON.stringify(headers)}`);
    }
  });

  it("leaves to the app what needs more than memory, or another route, and the app answers as before", async () => {
    const cases: [string, string, Headers][] = [
      // A dynamic route owns the path, though the release has a file there.
      ["GET", "/healthz", {}],
      ["GET", "/reviews.json", { range: "bytes=0-9" }],
      ["GET", "/reviews.json", { "if-match": '"not-it"' }],
      ["GET", "/reviews.json?x=1", {}],
      ["GET", "/reviews%2Ejson", {}],
      ["GET", "/developers", {}],
      ["GET", "/missing.json", {}],
      ["POST", "/reviews.json", {}],
      // The app answers a HEAD from its GET's Response, and node-server writes those headers in another order.
      ["HEAD", "/reviews.json", { "accept-encoding": "br" }],
      ["HEAD", "/reviews.json", { "if-none-match": etagOf("/reviews.json", "identity") }],
      ["OPTIONS", "/reviews.json", { origin: "https://example.test", "access-control-request-method": "GET" }],
      ["GET", "/reviews.json", { host: "[::1]:80" }],
      // Hosts URL parsing refuses (400) or reads otherwise: the app's to answer.
      ["GET", "/reviews.json", { host: "127.1:80" }],
      ["GET", "/reviews.json", { host: "x:99999" }],
      ["GET", "/reviews.json", { host: "localhost:80" }],
      ["GET", "/reviews.json", { host: "Reviews.Example.Test" }],
    ];
    for (const [method, target, headers] of cases) {
      const before = taken;
      const expected = await send(viaApp.url, method, target, headers);
      const actual = await send(atOnce.url, method, target, headers);
      assert.equal(taken, before, `${method} ${target} ${JSON.stringify(headers)} goes to the app`);
      assert.deepEqual(actual, expected, `${method} ${target} ${JSON.stringify(headers)}`);
    }
    const health = await send(atOnce.url, "GET", "/healthz");
    assert.notEqual(health.body, "a file, not the health check");
  });

  it("leaves a request it fails on to the app, which answers it", async () => {
    const failing = await listen(f.app, {
      host: "127.0.0.1",
      port: 0,
      logger: f.logger,
      answerAtOnce: () => {
        throw new Error("broken");
      },
    });
    try {
      assert.deepEqual(await send(failing.url, "GET", "/reviews.json"), await send(viaApp.url, "GET", "/reviews.json"));
    } finally {
      await failing.close();
    }
  });

  it("answers from the release being served after a swap", async () => {
    const old = etagOf("/", "identity");
    await f.release(sampleSite({ generation: 2 }));
    served = await loadRelease(f.distDir);
    f.serve(served);
    const before = taken;
    const fresh = await send(atOnce.url, "GET", "/", { "if-none-match": old });
    assert.equal(taken, before + 1);
    assert.equal(fresh.status, 200);
    assert.match(fresh.body, /Home 2/);
  });
});
