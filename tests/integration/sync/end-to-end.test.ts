// End to end: a new review on the (fake) Google API reaches /reviews.json of the running sidecar and is pushed to an
// HTTPS subscriber after one `npm run sync`, with no other command; a sync that changes nothing builds and pushes
// nothing.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { SITE_URL, TOPICS } from "../../../scripts/lib/test-site.ts";
import { GOOGLE_SECRETS, type GoogleFake, googleFake, googleReview } from "../../helpers/fake-platforms.ts";
import { sleep, until } from "../websub/helpers/hub-client.ts";
import { type HubFixture, startHubFixture } from "../websub/helpers/hub-fixture.ts";

const SYNC = path.join(import.meta.dirname, "../../../scripts/sync.ts");
let f: HubFixture;
let g: GoogleFake;
before(async () => {
  [f, g] = await Promise.all([startHubFixture(), googleFake([googleReview("e2e1", "2026-11-20T09:30:00Z")])]);
});
after(async () => {
  await g?.close();
  await f?.close();
});

async function sync(): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [SYNC], {
    timeout: 240_000,
    env: {
      ...process.env,
      DATA_DIR: f.site.dataDir,
      DIST_DIR: f.site.distDir,
      SITE_URL,
      ...GOOGLE_SECRETS,
      GOOGLE_API_URL: g.url,
      GOOGLE_TOKEN_URL: `${g.url}/token`,
    },
  });
}

describe("npm run sync end to end", { timeout: 300_000 }, () => {
  it("publishes a new Google review at /reviews.json and pushes it to the subscriber", async () => {
    await f.subscribed("/sync", TOPICS.reviews);
    const before = (await f.hub.get("/api/status").then((r) => r.json())) as { release: { id: string } };
    const r = await sync();
    assert.match(r.stdout, /google: fetched 1, added 1, updated 0, removed 0, refused 0/);
    assert.match(r.stdout, /building the release/);
    await until(() => f.posts("/sync").length > 0, 20_000, "the push of /reviews.json");
    const pushed = f.posts("/sync")[0]!.body.toString("utf8");
    assert.match(pushed, /Reviewer e2e1/);
    const served = await (await f.hub.get("/reviews.json")).text();
    assert.match(served, /Reviewer e2e1/);
    const status = (await f.hub.get("/api/status").then((x) => x.json())) as { release: { id: string } };
    assert.notEqual(status.release.id, before.release.id);
  });

  it("a sync that changes nothing builds nothing and pushes nothing", async () => {
    const pushes = f.posts("/sync").length;
    const release = ((await f.hub.get("/api/status").then((r) => r.json())) as { release: { id: string } }).release.id;
    const r = await sync();
    assert.match(r.stdout, /google: fetched 1, added 0, updated 0, removed 0, refused 0/);
    assert.match(r.stdout, /Nothing changed: no build\./);
    await sleep(6000);
    assert.equal(f.posts("/sync").length, pushes);
    const now = ((await f.hub.get("/api/status").then((x) => x.json())) as { release: { id: string } }).release.id;
    assert.equal(now, release);
  });
});
