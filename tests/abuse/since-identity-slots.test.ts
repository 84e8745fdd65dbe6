// /api/reviews/since without compression, for answers too large to keep (over 4 MB, streamed): each takes one of the
// places large answers share (2 at work, 32 waiting), held while it streams, so requests beyond them get 503 with
// Retry-After, as compressed ones do, and /healthz keeps answering. Before, streamed answers took no place at all.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { publish, sampleSite, writeRelease } from "../helpers/synthetic-release.ts";
import { dataset } from "../helpers/dataset.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

const REVIEWS = 20_000;
const AT_ONCE = 2;
const WAITING = 32;

let tmp: string;
let sidecar: TestSidecar;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "since-identity-"));
  const dir = path.join(tmp, "release-1");
  await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(REVIEWS)) } });
  await publish(path.join(tmp, "dist"), dir);
  sidecar = await startTestSidecar(path.join(tmp, "dist"));
});
after(async () => {
  await sidecar?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A GET that never reads its body: resolves with the response once its head arrives. */
function stalled(p: string): { req: ClientRequest; head: Promise<IncomingMessage> } {
  const req = request(`${sidecar.url}${p}`, { agent: false, headers: { "accept-encoding": "identity" } });
  const head = new Promise<IncomingMessage>((resolve, reject) => {
    req.on("response", (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
  });
  req.end();
  return { req, head };
}

it("makes streamed identity answers wait for a place, and refuses those beyond the line", async () => {
  // The since table of the release, made once, is not what is measured.
  const first = await sidecar.get("/api/reviews/since/2026-01-01");
  assert.equal(first.status, 200);
  await first.arrayBuffer();

  const asked = Array.from({ length: AT_ONCE + WAITING + 6 }, (_, i) =>
    // Distinct dates: nothing is shared between them.
    stalled(`/api/reviews/since/${new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10)}`),
  );
  try {
    const heads: (IncomingMessage | undefined)[] = asked.map(() => undefined);
    asked.forEach((a, i) => void a.head.then((res) => (heads[i] = res)).catch(() => undefined));
    const until = Date.now() + 10_000;
    const answered = () => heads.filter(Boolean).length;
    while (answered() < AT_ONCE + 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    // Let anything that would still get through do so.
    await new Promise((r) => setTimeout(r, 500));
    const statuses = heads.map((res) => res?.statusCode ?? "waiting");
    const count = (s: number | string) => statuses.filter((x) => x === s).length;
    assert.equal(count(200), AT_ONCE, `statuses: ${statuses.join(" ")}`);
    assert.equal(count(503), 6, `statuses: ${statuses.join(" ")}`);
    assert.equal(count("waiting"), WAITING, `statuses: ${statuses.join(" ")}`);
    const refused = heads.find((res) => res?.statusCode === 503)!;
    assert.equal(refused.headers["retry-after"], "1");

    const health = performance.now();
    assert.equal((await sidecar.get("/healthz")).status, 200);
    assert.ok(performance.now() - health < 1000, `/healthz took ${Math.round(performance.now() - health)} ms`);
  } finally {
    for (const a of asked) a.req.destroy();
  }

  // Cut streams give their places back.
  const until = Date.now() + 10_000;
  let again: Response;
  do {
    again = await sidecar.get("/api/reviews/since/2001-01-01");
    await again.arrayBuffer();
  } while (again.status !== 200 && Date.now() < until && (await new Promise((r) => setTimeout(r, 100)), true));
  assert.equal(again.status, 200);
});
