// Search answers written before the app sees the request: only answers the app has made and kept for the release being
// served, byte for byte what the app's route sends (headers included); anything else goes to the app.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { publish, sampleSite, writeRelease } from "../../../scripts/lib/synthetic-release.ts";
import { createApp } from "../../../sidecar/app.ts";
import { createSearchIndexStore, type SearchIndexStore } from "../../../sidecar/release/index-store.ts";
import { loadRelease } from "../../../sidecar/release/load.ts";
import { searchAtOnce } from "../../../sidecar/search/at-once.ts";
import { createResponseCache } from "../../../sidecar/search/json-response.ts";
import { createSearchAnswers } from "../../../sidecar/search/search-answers.ts";
import { listen, type RunningServer } from "../../../sidecar/server.ts";
import { loadConfig } from "../../../src/config.ts";
import { dataset } from "../../helpers/dataset.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { type Headers, send } from "./raw-request.ts";

describe("search answers sent at once", () => {
  let tmp: string;
  let store: SearchIndexStore;
  let viaApp: RunningServer;
  let atOnce: RunningServer;
  let taken = 0;

  const release = async (name: string, reviews: number) => {
    const dir = path.join(tmp, ".dist-releases", name);
    await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(reviews)) } });
    await publish(path.join(tmp, "dist"), dir);
    return loadRelease(path.join(tmp, "dist"));
  };

  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "search-at-once-"));
    const first = await release("r1", 120);
    const logger = memoryLogger();
    store = await createSearchIndexStore(first, logger);
    const config = loadConfig({ DIST_DIR: path.join(tmp, "dist") });
    // The app without answers at once keeps its own answers: each of its answers is made afresh.
    const plain = createApp({ config, release: () => first, logger, search: store });
    const responses = createResponseCache();
    const app = createApp({ config, release: () => first, logger, search: store, responses });
    const answer = searchAtOnce(createSearchAnswers(store, responses));
    viaApp = await listen(plain, { host: "127.0.0.1", port: 0, logger });
    atOnce = await listen(app, {
      host: "127.0.0.1",
      port: 0,
      logger,
      answerAtOnce: (incoming, outgoing) => {
        const done = answer(incoming, outgoing);
        if (done) taken++;
        return done;
      },
    });
  });
  after(async () => {
    await Promise.all([viaApp?.close(), atOnce?.close()]);
    await rm(tmp, { recursive: true, force: true });
  });

  /** The app's answer, then the same request twice at the server that answers at once: made, then sent from memory. */
  const twice = async (method: string, target: string, headers: Headers = {}) => {
    const expected = await send(viaApp.url, method, target, headers);
    const before = taken;
    const made = await send(atOnce.url, method, target, headers);
    const takenFirst = taken - before;
    const again = await send(atOnce.url, method, target, headers);
    return { expected, made, again, takenFirst, takenAgain: taken - before - takenFirst };
  };

  it("sends an answer it has made again exactly as the app does", async () => {
    const cases: [string, string, Headers][] = [
      ["GET", "/api/reviews/search", {}],
      ["GET", "/api/reviews/search?min_rating=4&limit=5", {}],
      ["GET", "/api/reviews/search?query=water", { "accept-encoding": "br, gzip" }],
      ["GET", "/api/reviews/search?query=water", { "accept-encoding": "gzip" }],
      ["GET", "/api/reviews/search?rating=5&since=2024-01-10&limit=100", { "accept-encoding": "gzip, deflate, br" }],
      // Two Accept-Encoding headers count as one list, as the app reads them.
      [
        "GET",
        "/api/reviews/search?limit=50",
        ["host", "localhost:4321", "accept-encoding", "gzip", "accept-encoding", "br"],
      ],
      // A 400 is kept and sent again like any answer.
      ["GET", "/api/reviews/search?rating=0", {}],
      // node-server keeps a ' as sent.
      ["GET", "/api/reviews/search?query='water'&limit=3", { host: "reviews.example.test:8443" }],
    ];
    for (const [method, target, headers] of cases) {
      const { expected, made, again, takenFirst, takenAgain } = await twice(method, target, headers);
      const what = `${method} ${target} ${JSON.stringify(headers)}`;
      assert.deepEqual([takenFirst, takenAgain], [0, 1], `${what}: made by the app, then sent at once`);
      assert.deepEqual(made, expected, what);
      assert.deepEqual(again, expected, what);
    }
  });

  it("leaves to the app what it has not made, another path or method, and a target or host node-server rewrites", async () => {
    const cases: [string, string, Headers][] = [
      ["POST", "/api/reviews/search?limit=2", {}],
      // The app answers a HEAD from its GET's Response, and node-server writes those headers in another order.
      ["HEAD", "/api/reviews/search?limit=2", {}],
      ["GET", "/api/reviews/search/?limit=2", {}],
      ["GET", "/api/reviews/searches?limit=2", {}],
      ["GET", "/api/reviews/Search?limit=2", {}],
      ["GET", "/api/reviews/since/2024-01-05", {}],
      ["GET", "http://localhost:4321/api/reviews/search?limit=2", {}],
      // Targets node-server parses as a URL (a %, a ", a dot segment).
      ["GET", "/api/reviews/search?query=caf%C3%A9&limit=3", {}],
      ["GET", '/api/reviews/search?query="water"', {}],
      ["GET", "/api/reviews/search?query=a/./b", {}],
      ["GET", "/api/reviews/search?limit=2", { host: "Reviews.Example.Test" }],
      ["GET", "/api/reviews/search?limit=2", { host: "x:99999" }],
      // Too long to be kept.
      ["GET", `/api/reviews/search?query=${"w".repeat(200)}&${"limit=2&".repeat(120)}`, {}],
    ];
    for (const [method, target, headers] of cases) {
      const { expected, made, again, takenFirst, takenAgain } = await twice(method, target, headers);
      const what = `${method} ${target.slice(0, 60)} ${JSON.stringify(headers)}`;
      assert.deepEqual([takenFirst, takenAgain], [0, 0], `${what} goes to the app`);
      assert.deepEqual(made, expected, what);
      assert.deepEqual(again, expected, what);
    }
  });

  it("leaves to the app a Host that URL parsing refuses, though an answer to the query is held", async () => {
    // node-server parses these targets as URLs with their Host, and answers 400 for a Host such as 1.2.3.4.5.
    for (const target of ["/api/reviews/search?query=caf%C3%A9&limit=4", "/api/reviews/search?query=a/./b&limit=4"]) {
      await send(atOnce.url, "GET", target);
      const before = taken;
      const expected = await send(viaApp.url, "GET", target, { host: "1.2.3.4.5" });
      const actual = await send(atOnce.url, "GET", target, { host: "1.2.3.4.5" });
      assert.equal(expected.status, 400);
      assert.deepEqual(actual, expected, target);
      assert.equal(taken, before);
    }
  });

  it("sends nothing made for a release no longer served", async () => {
    const target = "/api/reviews/search?limit=1";
    const old = await send(atOnce.url, "GET", target);
    const before = taken;
    await store.update(await release("r2", 150));
    const fresh = await send(atOnce.url, "GET", target);
    assert.equal(taken, before, "the answer kept for the previous release is not sent");
    assert.equal(JSON.parse(fresh.body).total, 150);
    assert.equal(JSON.parse(old.body).total, 120);
    await send(atOnce.url, "GET", target);
    assert.equal(taken, before + 1, "the new release's answer, once made, is");
  });
});
