// Benchmark: publish of /feed.xml to N HTTPS subscribers across several sidecar replicas sharing a PostgreSQL hub
// database, then the same on one sidecar with SQLite, in the same run: time to the last acknowledgement, peak RSS.
// Usage: node scripts/bench/websub-cluster.ts [--subscribers 10000] [--replicas 3] [--concurrency 32]
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { type SidecarProcess, startSidecar } from "../lib/sidecar-process.ts";
import { createTestCa } from "../lib/test-ca.ts";
import { startPostgres } from "../lib/test-postgres.ts";
import { createTestSite, SITE_URL, TOPICS } from "../lib/test-site.ts";
import { cpuMsOfCommand, type Farm, mb, percentile, port, procStatus, sleep, startFarm } from "./lib/websub-farm.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    replicas: { type: "string", default: "3" },
    concurrency: { type: "string", default: "32" },
  },
});
const N = Number(values.subscribers);
const R = Number(values.replicas);
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(R) || R < 1)
  throw new Error("usage: --subscribers <n> --replicas <n> --concurrency <n>");
const TIMEOUT_MS = 180_000;

type Run = Readonly<{ label: string; hubDb: string; replicas: number }>;

async function runOnce(run: Run, farm: Farm, site: Awaited<ReturnType<typeof createTestSite>>, caFile: string) {
  farm.acks.fill(0);
  const hubs: SidecarProcess[] = await Promise.all(
    Array.from({ length: run.replicas }, () =>
      startSidecar({
        DIST_DIR: site.distDir,
        SITE_URL,
        HUB_DB: run.hubDb,
        NODE_EXTRA_CA_CERTS: caFile,
        DIST_CHECK_INTERVAL: "1",
        WEBSUB_CALLBACK_ALLOW: "127.0.0.0/8",
        WEBSUB_RATE_LIMIT: "1000000",
        WEBSUB_MAX_PER_HOST: String(N + 10),
        WEBSUB_MAX_PER_TOPIC: String(N + 10),
        WEBSUB_CONCURRENCY: values.concurrency,
      }),
    ),
  );
  try {
    const active = async () =>
      ((await (await hubs[0]!.admin("/api/status")).json()) as { websub: { subscriptions: { active: number } } }).websub
        .subscriptions.active;
    const subStart = performance.now();
    // Round-robin over the replicas, as a proxy without sticky sessions would spread the requests.
    for (let i = 0; i < N; i += 50) {
      await Promise.all(
        farm.servers.slice(i, i + 50).map(async (s, j) => {
          const res = await hubs[(i + j) % hubs.length]!.post({
            "hub.mode": "subscribe",
            "hub.topic": TOPICS.atom,
            "hub.callback": `https://127.0.0.1:${port(s)}/websub`,
          });
          if (res.status !== 202) throw new Error(`subscribe -> ${res.status} ${res.text}`);
        }),
      );
    }
    while ((await active()) < N) {
      if (performance.now() - subStart > TIMEOUT_MS) throw new Error(`only ${await active()} of ${N} verified`);
      await sleep(100);
    }
    const subscribeMs = performance.now() - subStart;
    await sleep(1500);

    await site.addReview(`Benchmark review for ${run.label} — naïve ✓`);
    await site.build();
    const published = performance.now();
    const cpuBefore = hubs.map((h) => procStatus(h.child.pid!).cpuMs);
    const farmBefore = process.cpuUsage();
    const postgresBefore = cpuMsOfCommand("postgres");
    const ping = await hubs[0]!.post({ "hub.mode": "publish", "hub.url": TOPICS.atom });
    if (ping.status !== 202) throw new Error(`publish ping -> ${ping.status}`);
    const peak = hubs.map((h) => procStatus(h.child.pid!).rss);
    while (farm.acks.some((t) => t === 0)) {
      hubs.forEach((h, i) => (peak[i] = Math.max(peak[i]!, procStatus(h.child.pid!).rss)));
      if (performance.now() - published > TIMEOUT_MS)
        throw new Error(`only ${farm.acks.filter((t) => t > 0).length} of ${N} acknowledged`);
      await sleep(25);
    }
    const latencies = farm.acks.map((t) => t - published).sort((a, b) => a - b);
    const cpuMs = hubs.map((h, i) => procStatus(h.child.pid!).cpuMs - cpuBefore[i]!);
    const farmCpu = process.cpuUsage(farmBefore);
    const postgresCpu = cpuMsOfCommand("postgres") - postgresBefore;
    const delivered = hubs.map((h) => h.logs.filter((l) => l.msg === "websub delivered"));
    const byReplica = delivered.map((d) => d.length);
    // How long one delivery took as the hub saw it, connection to answer (its log line's `answer.ms`).
    const attemptMs = delivered
      .flat()
      .map((l) => Number((l["answer"] as { ms?: number } | undefined)?.ms))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    return {
      run: run.label,
      subscribers: N,
      replicas: run.replicas,
      subscribe_and_verify_ms: Math.round(subscribeMs),
      publish_to_p50_ack_ms: Math.round(percentile(latencies, 50)),
      publish_to_p90_ack_ms: Math.round(percentile(latencies, 90)),
      publish_to_last_ack_ms: Math.round(latencies.at(-1)!),
      deliveries_per_replica: byReplica,
      delivery_ms_p50_p90_max: [percentile(attemptMs, 50), percentile(attemptMs, 90), attemptMs.at(-1)],
      // The CPU each process spent between the ping and the last acknowledgement (the farm is this process).
      cpu_ms_per_replica: cpuMs.map(Math.round),
      cpu_ms_subscriber_farm: Math.round((farmCpu.user + farmCpu.system) / 1000),
      cpu_ms_postgres: Math.round(postgresCpu),
      peak_rss_per_replica: peak.map(mb),
      high_water_rss_per_replica: hubs.map((h) => mb(procStatus(h.child.pid!).hwm)),
    };
  } finally {
    await Promise.all(hubs.map((h) => h.stop("SIGTERM")));
  }
}

const [ca, site, pg] = await Promise.all([createTestCa(), createTestSite(), startPostgres()]);
try {
  console.log(`building the sample site into ${site.distDir} ...`);
  await site.build();
  const farm = await startFarm(N, ca);
  const results = [];
  for (const run of [
    { label: `PostgreSQL, ${R} replicas`, hubDb: await pg.createDatabase(), replicas: R },
    { label: "SQLite, 1 sidecar", hubDb: path.join(site.root, "hub.sqlite"), replicas: 1 },
  ]) {
    console.log(`${run.label}: subscribing ${N} HTTPS subscribers to /feed.xml, then publishing ...`);
    const result = await runOnce(run, farm, site, ca.caFile);
    console.log(JSON.stringify(result));
    results.push(result);
  }
  for (const r of results)
    console.log(
      `${r.run}: ${N} verified in ${(r.subscribe_and_verify_ms / 1000).toFixed(1)} s; publish -> p50 ack ` +
        `${r.publish_to_p50_ack_ms} ms, last ack ${r.publish_to_last_ack_ms} ms; deliveries per replica ` +
        `${r.deliveries_per_replica.join(" / ")}; peak RSS ${r.peak_rss_per_replica.join(" / ")}`,
    );
  await Promise.all(farm.servers.map((s) => new Promise((r) => s.close(r))));
} finally {
  await pg.stop();
  await rm(site.root, { recursive: true, force: true });
  await rm(ca.dir, { recursive: true, force: true });
}
