// Benchmark: time from publish to the last of N HTTPS subscribers acknowledging its fat ping, and the hubs' memory and
// CPU meanwhile. One sidecar on SQLite; with --postgres, first --replicas sidecars sharing a PostgreSQL hub database
// (subscriptions spread round-robin, as a proxy without sticky sessions would), then one on SQLite in the same run.
// Usage: node scripts/bench/websub.ts [--subscribers 1000] [--topics all|reviews|feeds|atom] [--concurrency 32]
//   [--postgres [--replicas 3]]
// Every subscriber is its own HTTPS server (own port, own TLS handshake) on 127.0.0.1.
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SidecarProcess, startSidecar } from "../lib/sidecar-process.ts";
import { createTestCa } from "../lib/test-ca.ts";
import { startPostgres } from "../lib/test-postgres.ts";
import { createTestSite, SITE_URL, TOPICS, type TestSite } from "../lib/test-site.ts";
import { percentile } from "./lib/percentile.ts";
import { cpuMsOfCommand, type Farm, mb, port, procStatus, sleep, startFarm } from "./lib/websub-farm.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000" },
    topics: { type: "string", default: "all" },
    concurrency: { type: "string", default: "32" },
    postgres: { type: "boolean", default: false },
    replicas: { type: "string", default: "3" },
  },
});
const N = Number(values.subscribers);
const R = Number(values.replicas);
const TOPIC_SETS: Record<string, string[]> = {
  all: Object.values(TOPICS),
  reviews: [TOPICS.reviews],
  feeds: [TOPICS.atom, TOPICS.jsonFeed],
  atom: [TOPICS.atom],
};
const topicSet = TOPIC_SETS[values.topics];
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(R) || R < 1 || !topicSet)
  throw new Error(
    "usage: --subscribers <n> --topics all|reviews|feeds|atom --concurrency <n> [--postgres --replicas <n>]",
  );
const TIMEOUT_MS = 180_000;

type Run = Readonly<{ label: string; hubDb: string; replicas: number }>;
type Status = { websub: { subscriptions: { active: number }; deliveries_pending: number } };
type Memory = { process: { heap_used_bytes: number; external_bytes: number } };

async function runOnce(run: Run, farm: Farm, site: TestSite, caFile: string) {
  farm.acks.fill(0);
  farm.bytes.fill(0);
  const hubs: SidecarProcess[] = await Promise.all(
    Array.from({ length: run.replicas }, () =>
      startSidecar({
        DIST_DIR: site.distDir,
        SITE_URL,
        HUB_DB: run.hubDb,
        NODE_EXTRA_CA_CERTS: caFile,
        // Replicas that no ping reaches see the release by polling for it (as the cluster benchmark always did).
        ...(values.postgres ? { DIST_CHECK_INTERVAL: "1" } : {}),
        WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
        WEBSUB_RATE_LIMIT: "1000000",
        WEBSUB_MAX_PER_HOST: String(N + 10),
        WEBSUB_MAX_PER_TOPIC: String(N + 10),
        WEBSUB_CONCURRENCY: values.concurrency,
      }),
    ),
  );
  try {
    const status = async <T>(hub: SidecarProcess) => (await (await hub.admin("/api/status")).json()) as T;
    const subStart = performance.now();
    for (let i = 0; i < N; i += 50) {
      await Promise.all(
        farm.servers.slice(i, i + 50).map(async (s, j) => {
          const res = await hubs[(i + j) % hubs.length]!.post({
            "hub.mode": "subscribe",
            "hub.topic": topicSet![(i + j) % topicSet!.length]!,
            "hub.callback": `https://127.0.0.1:${port(s)}/websub`,
          });
          if (res.status !== 202) throw new Error(`subscribe -> ${res.status} ${res.text}`);
        }),
      );
    }
    while ((await status<Status>(hubs[0]!)).websub.subscriptions.active < N) {
      if (performance.now() - subStart > TIMEOUT_MS) throw new Error(`not all of ${N} verified`);
      await sleep(100);
    }
    const subscribeMs = performance.now() - subStart;
    await sleep(1500);

    const before = hubs.map((h) => procStatus(h.child.pid!));
    await site.addReview(`Benchmark review for ${run.label} — naïve ✓ 🚰`);
    console.log("rebuilding with one new review, then pinging the hub ...");
    await site.build();
    const published = performance.now();
    const farmBefore = process.cpuUsage();
    const postgresBefore = cpuMsOfCommand("postgres");
    const pings = await Promise.all(topicSet!.map((t) => hubs[0]!.post({ "hub.mode": "publish", "hub.url": t })));
    if (pings.some((r) => r.status !== 202)) throw new Error("publish ping refused");
    const peak = before.map((b) => b.rss);
    while (farm.acks.some((t) => t === 0)) {
      hubs.forEach((h, i) => (peak[i] = Math.max(peak[i]!, procStatus(h.child.pid!).rss)));
      if (performance.now() - published > TIMEOUT_MS)
        throw new Error(`only ${farm.acks.filter((t) => t > 0).length} of ${N} acknowledged`);
      await sleep(25);
    }
    const latencies = farm.acks.map((t) => t - published).sort((a, b) => a - b);
    const after = hubs.map((h) => procStatus(h.child.pid!));
    const farmCpu = process.cpuUsage(farmBefore);
    const postgresCpu = cpuMsOfCommand("postgres") - postgresBefore;
    const memory = await Promise.all(hubs.map(async (h) => (await status<Memory>(h)).process));
    const delivered = hubs.map((h) => h.logs.filter((l) => l.msg === "websub delivered"));
    // How long one delivery took as the hub saw it, connection to answer (its log line's `answer.ms`).
    const attemptMs = delivered
      .flat()
      .map((l) => Number((l["answer"] as { ms?: number } | undefined)?.ms))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    return {
      run: run.label,
      subscribers: N,
      topics: values.topics,
      concurrency: Number(values.concurrency),
      replicas: run.replicas,
      subscribe_and_verify_ms: Math.round(subscribeMs),
      publish_to_first_ack_ms: Math.round(latencies[0]!),
      publish_to_p50_ack_ms: Math.round(percentile(latencies, 0.5)),
      publish_to_p90_ack_ms: Math.round(percentile(latencies, 0.9)),
      publish_to_p99_ack_ms: Math.round(percentile(latencies, 0.99)),
      publish_to_last_ack_ms: Math.round(latencies.at(-1)!),
      bytes_delivered: farm.bytes.reduce((a, b) => a + b, 0),
      deliveries_per_replica: delivered.map((d) => d.length),
      delivery_ms_p50_p90_max: [percentile(attemptMs, 0.5), percentile(attemptMs, 0.9), attemptMs.at(-1)],
      // The CPU each process spent between the ping and the last acknowledgement (the farm is this process).
      cpu_ms_per_replica: after.map((a, i) => Math.round(a.cpuMs - before[i]!.cpuMs)),
      cpu_ms_subscriber_farm: Math.round((farmCpu.user + farmCpu.system) / 1000),
      cpu_ms_postgres: Math.round(postgresCpu),
      rss_before_per_replica: before.map((b) => mb(b.rss)),
      peak_rss_per_replica: peak.map(mb),
      high_water_rss_per_replica: after.map((a) => mb(a.hwm)),
      heap_used_after_per_replica: memory.map((m) => mb(m.heap_used_bytes)),
      external_after_per_replica: memory.map((m) => mb(m.external_bytes)),
      failed_attempts: hubs.flatMap((h) => h.logs).filter((l) => l.msg.startsWith("websub delivery failed")).length,
      deliveries_pending_after: (await status<Status>(hubs[0]!)).websub.deliveries_pending,
    };
  } finally {
    await Promise.all(hubs.map((h) => h.stop("SIGTERM")));
  }
}

const [ca, site] = await Promise.all([createTestCa(), createTestSite()]);
const pg = values.postgres ? await startPostgres() : undefined;
try {
  console.log(`building the sample site into ${site.distDir} ...`);
  await site.build();
  const farm = await startFarm(N, ca);
  const runs: Run[] = [{ label: "SQLite, 1 sidecar", hubDb: path.join(site.root, "hub.sqlite"), replicas: 1 }];
  if (pg) runs.unshift({ label: `PostgreSQL, ${R} replicas`, hubDb: await pg.createDatabase(), replicas: R });
  const results = [];
  for (const run of runs) {
    console.log(`${run.label}: subscribing ${N} HTTPS subscribers (${values.topics} topics), then publishing ...`);
    const result = await runOnce(run, farm, site, ca.caFile);
    console.log(JSON.stringify(result));
    results.push(result);
  }
  for (const r of results)
    console.log(
      `${r.run}: ${N} verified in ${(r.subscribe_and_verify_ms / 1000).toFixed(1)} s; publish -> first ack ` +
        `${r.publish_to_first_ack_ms} ms, p50 ${r.publish_to_p50_ack_ms} ms, p99 ${r.publish_to_p99_ack_ms} ms, ` +
        `last ack ${r.publish_to_last_ack_ms} ms; ${mb(r.bytes_delivered)} delivered, per replica ` +
        `${r.deliveries_per_replica.join(" / ")}; RSS before ${r.rss_before_per_replica.join(" / ")}, peak ` +
        `${r.peak_rss_per_replica.join(" / ")}, high-water ${r.high_water_rss_per_replica.join(" / ")}; CPU ms ` +
        `${r.cpu_ms_per_replica.join(" / ")}; failed attempts ${r.failed_attempts}, still pending ${r.deliveries_pending_after}`,
    );
  await Promise.all(farm.servers.map((s) => new Promise((r) => s.close(r))));
} finally {
  await pg?.stop();
  await rm(site.root, { recursive: true, force: true });
  await rm(ca.dir, { recursive: true, force: true });
}
