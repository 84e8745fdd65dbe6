// Benchmark: time from publish to the last of N HTTPS subscribers acknowledging its fat ping, and the hub's memory meanwhile.
// Usage: node scripts/bench/websub.ts [--subscribers 1000] [--topics all|reviews|feeds] [--concurrency 32]
// Runs the real sidecar as a child process; every subscriber is its own HTTPS server (own port, own TLS handshake) on 127.0.0.1.
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSidecar } from "../lib/sidecar-process.ts";
import { createTestSite, SITE_URL, TOPICS } from "../lib/test-site.ts";
import { createTestCa } from "../lib/test-ca.ts";
import { mb, percentile, port, procStatus, sleep, startFarm } from "./lib/websub-farm.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000" },
    topics: { type: "string", default: "all" },
    concurrency: { type: "string", default: "32" },
  },
});
const N = Number(values.subscribers);
const topicSet = { all: Object.values(TOPICS), reviews: [TOPICS.reviews], feeds: [TOPICS.atom, TOPICS.jsonFeed] }[
  values.topics as "all"
];
if (!Number.isInteger(N) || N < 1 || !topicSet)
  throw new Error("usage: --subscribers <n> --topics all|reviews|feeds --concurrency <n>");

const [ca, site] = await Promise.all([createTestCa(), createTestSite()]);
try {
  console.log(`building the sample site into ${site.distDir} ...`);
  await site.build();
  const farm = await startFarm(N, ca);
  const hub = await startSidecar({
    DIST_DIR: site.distDir,
    SITE_URL,
    HUB_DB: path.join(site.root, "hub.sqlite"),
    NODE_EXTRA_CA_CERTS: ca.caFile,
    WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
    WEBSUB_RATE_LIMIT: "1000000",
    WEBSUB_MAX_PER_HOST: String(N + 10),
    WEBSUB_MAX_PER_TOPIC: String(N + 10),
    WEBSUB_CONCURRENCY: values.concurrency,
  });
  const status = async () =>
    (await (await hub.admin("/api/status")).json()) as {
      websub: { subscriptions: { active: number }; deliveries_pending: number };
    };

  console.log(`subscribing ${N} HTTPS subscribers (${values.topics} topics) ...`);
  const subStart = performance.now();
  for (let i = 0; i < N; i += 50) {
    await Promise.all(
      farm.servers.slice(i, i + 50).map(async (s, j) => {
        const res = await hub.post({
          "hub.mode": "subscribe",
          "hub.topic": topicSet[(i + j) % topicSet.length]!,
          "hub.callback": `https://127.0.0.1:${port(s)}/websub`,
        });
        if (res.status !== 202) throw new Error(`subscribe -> ${res.status} ${res.text}`);
      }),
    );
  }
  while ((await status()).websub.subscriptions.active < N) await sleep(50);
  const subscribeMs = performance.now() - subStart;

  await sleep(1500);
  const before = procStatus(hub.child.pid!);
  await site.addReview("Benchmark review — naïve ✓ 🚰");
  console.log("rebuilding with one new review, then pinging the hub ...");
  await site.build();
  const published = performance.now();
  const ping = await Promise.all(topicSet.map((t) => hub.post({ "hub.mode": "publish", "hub.url": t })));
  if (ping.some((r) => r.status !== 202)) throw new Error("publish ping refused");

  let peakRss = before.rss;
  while (farm.acks.some((t) => t === 0)) {
    peakRss = Math.max(peakRss, procStatus(hub.child.pid!).rss);
    if (performance.now() - published > 120_000)
      throw new Error(`only ${farm.acks.filter((t) => t > 0).length} of ${N} acknowledged after 120 s`);
    await sleep(25);
  }
  const after = procStatus(hub.child.pid!);
  const memory = (
    (await (await hub.admin("/api/status")).json()) as {
      process: { heap_used_bytes: number; external_bytes: number };
    }
  ).process;
  const latencies = farm.acks.map((t) => t - published).sort((a, b) => a - b);
  const pending = (await status()).websub.deliveries_pending;
  const failures = hub.logs.filter((l) => l.msg.startsWith("websub delivery failed")).length;
  const delivered = farm.bytes.reduce((a, b) => a + b, 0);

  const result = {
    subscribers: N,
    topics: values.topics,
    concurrency: Number(values.concurrency),
    subscribe_and_verify_ms: Math.round(subscribeMs),
    publish_to_first_ack_ms: Math.round(latencies[0]!),
    publish_to_p50_ack_ms: Math.round(percentile(latencies, 50)),
    publish_to_p99_ack_ms: Math.round(percentile(latencies, 99)),
    publish_to_last_ack_ms: Math.round(latencies.at(-1)!),
    bytes_delivered: delivered,
    hub_rss_before_bytes: before.rss,
    hub_rss_peak_during_bytes: peakRss,
    hub_rss_high_water_bytes: after.hwm,
    hub_heap_used_after_bytes: memory.heap_used_bytes,
    hub_external_after_bytes: memory.external_bytes,
    hub_cpu_ms_during: Math.round(after.cpuMs - before.cpuMs),
    failed_attempts: failures,
    deliveries_pending_after: pending,
  };
  console.log(JSON.stringify(result));
  console.log(
    [
      `${N} subscribers subscribed and verified in ${(subscribeMs / 1000).toFixed(1)} s`,
      `publish -> first ack ${result.publish_to_first_ack_ms} ms, p50 ${result.publish_to_p50_ack_ms} ms, p99 ${result.publish_to_p99_ack_ms} ms, last ack ${result.publish_to_last_ack_ms} ms (target < 10000 ms)`,
      `${mb(delivered)} delivered; hub RSS ${mb(before.rss)} before, peak ${mb(peakRss)} during, high-water ${mb(after.hwm)} (JS heap ${mb(memory.heap_used_bytes)}, external ${mb(memory.external_bytes)} after); hub CPU ${result.hub_cpu_ms_during} ms`,
      `failed attempts: ${failures}; deliveries still pending: ${pending}`,
    ].join("\n"),
  );
  await hub.stop("SIGTERM");
  await Promise.all(farm.servers.map((s) => new Promise((r) => s.close(r))));
} finally {
  await rm(site.root, { recursive: true, force: true });
  await rm(ca.dir, { recursive: true, force: true });
}
