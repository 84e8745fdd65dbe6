// Retries follow WEBSUB_RETRY_DELAYS whatever else is running: a failing callback is tried again on time while another
// subscriber's delivery is still in flight.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { TOPICS } from "../../../scripts/lib/test-site.ts";
import { until } from "./helpers/hub-client.ts";
import { type HubFixture, startHubFixture } from "./helpers/hub-fixture.ts";

/** How long the slow subscriber takes to answer: longer than both retries together. */
const SLOW_MS = 6000;

let f: HubFixture;
before(async () => {
  f = await startHubFixture({
    WEBSUB_RETRY_DELAYS: "1,2",
    WEBSUB_DELIVERY_TIMEOUT: "10",
    WEBSUB_CLAIM_TTL: "15",
  });
});
after(() => f?.close());

it("retries a callback answering 500 after 1 s and 2 s while a slow delivery is in flight", async (t) => {
  assert.equal((await f.subscribed("/slow", TOPICS.reviews))["confirmed"], true);
  assert.equal((await f.subscribed("/failing", TOPICS.reviews))["confirmed"], true);
  f.sub.set("/slow", { deliver: 204, delayMs: SLOW_MS });
  f.sub.set("/failing", { deliver: 500 });

  await f.site.addReview("A review that every subscriber is sent");
  await f.site.build();
  await until(() => f.posts("/failing").length === 3, 15_000, "three attempts to the failing callback");

  const [first, second, third] = f.posts("/failing").map((r) => r.at) as [number, number, number];
  t.diagnostic(`attempts ${second - first} ms and ${third - second} ms apart`);
  // Each delay (plus its jitter of at most 10%) is kept within a second.
  for (const [gap, delay] of [
    [second - first, 1000],
    [third - second, 2000],
  ] as const) {
    assert.ok(gap >= delay && gap < delay + 1000, `attempts ${gap} ms apart, expected ${delay}-${delay + 1000} ms`);
  }
  const slow = f.posts("/slow");
  assert.equal(slow.length, 1);
  assert.ok(Math.abs(slow[0]!.at - first) < 1000, "both deliveries started together");
  assert.ok(third < slow[0]!.at + SLOW_MS, "the slow delivery was still in flight at the last retry");
});
