// A delivery sends only the content its job was queued for: a process that moved to another release since its claim
// leaves the job, untried, to a replica holding that content.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runDelivery } from "../../../sidecar/websub/deliver.ts";
import type { CallbackClient, HttpOutcome } from "../../../sidecar/websub/net/client.ts";
import { openSqliteStore } from "../../../sidecar/websub/store/open.ts";
import type { TopicContent, TopicSource } from "../../../sidecar/websub/topics.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { subscribed, T, version } from "./store/suite.ts";

function holding(sha256: string): TopicSource {
  const content: TopicContent = {
    topic: T,
    path: "/reviews.json",
    contentType: "application/json",
    link: `<hub>; rel="hub", <${T}>; rel="self"`,
    sha256,
    releasedAt: 3,
    body: async () => Buffer.from(`{"v":"${sha256}"}`),
  };
  return {
    topics: new Set([T]),
    current: () => [content],
    get: () => content,
    onChange: () => () => {},
    refresh: async () => {},
  };
}

function recordingClient(): CallbackClient & { calls: number } {
  const client = {
    calls: 0,
    call: async (): Promise<HttpOutcome> => {
      client.calls++;
      return { kind: "response", status: 204, body: Buffer.alloc(0), complete: true, ms: 1 } as const;
    },
    close: () => undefined,
  };
  return client;
}

describe("runDelivery", () => {
  it("leaves a job whose content this process no longer holds, and sends it once it does", async () => {
    const store = openSqliteStore(":memory:");
    await subscribed(store);
    await store.topicContentSet(version("v1", 1), 0);
    await store.topicContentSet(version("v2", 2), 0);
    const [job] = await store.deliveryClaim({ limit: 1, claimant: "moved", now: 0, ttlMs: 60_000, contents: ["v2"] });
    const client = recordingClient();
    const deps = {
      store,
      client,
      claimant: "moved",
      timeoutMs: 1000,
      retryDelaysSeconds: [1, 1],
      logger: memoryLogger(),
      now: () => 1,
    };

    await runDelivery(job!, { ...deps, topics: holding("v3") });
    assert.equal(client.calls, 0, "another release's content is never sent in its place");
    const [again] = await store.deliveryClaim({
      limit: 1,
      claimant: "holder",
      now: 1,
      ttlMs: 60_000,
      contents: ["v2"],
    });
    assert.equal(again?.id, job!.id, "claimable at once, not after the claim's TTL");

    await runDelivery(again, { ...deps, claimant: "holder", topics: holding("v2") });
    assert.equal(client.calls, 1);
    assert.equal((await store.hubStats(2)).deliveriesPending, 0);
    await store.close();
  });
});
