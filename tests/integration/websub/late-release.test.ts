// A replica that reaches a release after another replica queued its deliveries (a roll-out: the new release is on
// one machine first) takes its share of them as soon as it holds the content, not at its next poll.
import assert from "node:assert/strict";
import { readFile, rename } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { copyRelease } from "../../../scripts/lib/build-site.ts";
import { SITE_URL, TOPICS, type TestSite } from "../../../scripts/lib/test-site.ts";
import { openHubStore } from "../../../sidecar/websub/store/open.ts";
import type { HubStore } from "../../../sidecar/websub/store/store.ts";
import { startTestSidecar, type TestSidecar } from "../../helpers/sidecar.ts";
import { ask } from "./helpers/hub-client.ts";
import type { Subscriber } from "./helpers/subscriber.ts";
import { type PostgresSite, startPostgresSite } from "./helpers/postgres-site.ts";

let fixture: PostgresSite;
let site: TestSite;
let sub: Subscriber;
let store: HubStore;
let replica: TestSidecar;
/** The late replica's own DIST_DIR, a copy of the site's releases. */
let lateDist: string;

before(async () => {
  fixture = await startPostgresSite();
  ({ site, sub } = fixture);
  const url = fixture.hubDb;
  lateDist = path.join(site.root, "late-dist");
  await copyRelease(site.distDir, lateDist);
  replica = await startTestSidecar(lateDist, {
    SITE_URL,
    HUB_DB: url,
    DIST_CHECK_INTERVAL: "1",
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_VERIFY_TIMEOUT: "2",
    WEBSUB_DELIVERY_TIMEOUT: "2",
  });
  store = await openHubStore(url);
});
after(async () => {
  await replica?.stop();
  await store?.close();
  await fixture?.close();
});

it("delivers what another replica queued as soon as its own release holds that content", async () => {
  await ask(replica, { "hub.mode": "subscribe", "hub.topic": TOPICS.atom, "hub.callback": sub.url("/late") });
  await sub.waitFor(() => sub.received({ path: "/late", mode: "subscribe" }).length === 1, 10_000, "the verification");
  const deadline = Date.now() + 10_000;
  while ((await store.hubStats(Date.now())).subscriptions.active < 1 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));

  // A new release, first on another machine, whose replica queues the change (as its hub does, through the store).
  await site.addReview("Reaches the late replica last");
  await site.build();
  const manifest = JSON.parse(await readFile(path.join(site.distDir, "manifest.json"), "utf8")) as {
    files: Record<string, { sha256: string; content_type: string }>;
  };
  const feed = manifest.files["/feed.xml"]!;
  const queued = await store.topicContentSet(
    { topic: TOPICS.atom, sha256: feed.sha256, contentType: feed.content_type, releasedAt: Date.now() },
    Date.now(),
  );
  assert.equal(queued.queued, 1);
  // The late replica cannot deliver content it does not hold: nothing yet.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(sub.received({ path: "/late", method: "POST" }).length, 0);

  // Then the release reaches it (the deploy's symlink swap); its worker looks for work at once.
  const swapped = Date.now();
  await copyRelease(site.distDir, `${lateDist}.next`);
  await rename(`${lateDist}.next`, lateDist);
  await sub.waitFor(() => sub.received({ path: "/late", method: "POST" }).length === 1, 8000, "the delivery");
  assert.ok(Date.now() - swapped < 8000);
  assert.ok(
    sub.received({ path: "/late", method: "POST" })[0]!.body.toString().includes("Reaches the late replica last"),
  );
});
