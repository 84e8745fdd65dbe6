// Benchmark: where a build's CPU goes by thread, over time. A full build of generated data and, with --rebuild, the
// rebuild after one added review, each sampled from /proc (Linux) every --every ms: the build's main thread, its worker
// threads, V8's collector helpers and the thread pool, in milliseconds of CPU per interval. It shows whether the main
// thread is what a build waits for and how much of the second core is left.
// Usage: node scripts/bench/build-threads.ts [--size 100000] [--rebuild] [--every 250]
import { spawn, spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { appendNewReview, buildCopy, ROOT } from "./lib/data-sets.ts";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    rebuild: { type: "boolean", default: false },
    every: { type: "string", default: "250" },
  },
});
const size = Number(values.size);
const every = Number(values.every);
if (!Number.isInteger(size) || size < 1) throw new Error(`--size takes a whole number, got "${values.size}"`);
if (!Number.isInteger(every) || every < 50)
  throw new Error(`--every takes milliseconds, at least 50, got "${values.every}"`);
if (process.platform !== "linux") throw new Error("this benchmark reads /proc: it runs on Linux only");
const tick = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

const CLASSES = ["main", "workers", "collector", "pool", "other"] as const;
type Class = (typeof CLASSES)[number];

/** The build's processes: `root` and its descendants, each with its parent. */
async function processes(root: number): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    if (stat) parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  const tree = new Map([[root, 0]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(pid) || !tree.has(parent)) continue;
      tree.set(pid, parent);
      grew = true;
    }
  }
  return tree;
}

/** CPU milliseconds so far per thread (pid/tid), with the thread's class. */
async function sample(root: number): Promise<Map<string, { cls: Class; ms: number }>> {
  const out = new Map<string, { cls: Class; ms: number }>();
  for (const [pid, parent] of await processes(root)) {
    const tids = await readdir(`/proc/${pid}/task`).catch(() => []);
    for (const tid of tids) {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
      if (!stat) continue;
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Astro's process is the wrapper's child; the wrapper's own threads count as other.
      const cls: Class =
        name === "MainThread" && parent === root
          ? "main"
          : name === "WorkerThread"
            ? "workers"
            : name === "V8Worker"
              ? "collector"
              : name === "libuv-worker"
                ? "pool"
                : "other";
      out.set(`${pid}/${tid}`, { cls, ms: (Number(fields[11]) + Number(fields[12])) * tick });
    }
  }
  return out;
}

async function build(label: string, data: string, dist: string): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/build.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", DATA_DIR: data, DIST_DIR: dist },
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const totals = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<Class, number>;
  let before = new Map<string, { cls: Class; ms: number }>();
  let done = false;
  exited.then(() => (done = true));
  console.log(`\n${label}\n${["t_ms", ...CLASSES, "total"].map((h) => h.padStart(10)).join("")}`);
  while (!done) {
    await new Promise((r) => setTimeout(r, every));
    const now = await sample(child.pid!);
    const interval = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<Class, number>;
    for (const [key, { cls, ms }] of now) interval[cls] += ms - (before.get(key)?.ms ?? 0);
    before = new Map([...before, ...now]);
    for (const c of CLASSES) totals[c] += interval[c];
    const row = CLASSES.map((c) => Math.round(interval[c]));
    const t = Math.round(performance.now() - started);
    console.log([t, ...row, row.reduce((a, b) => a + b, 0)].map((v) => String(v).padStart(10)).join(""));
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${label} failed with exit code ${code}:\n${stderr.slice(-4000)}`);
  const wall = performance.now() - started;
  const cpu = CLASSES.reduce((n, c) => n + totals[c], 0);
  console.log(
    `${label}: ${(wall / 1000).toFixed(1)} s; CPU ${CLASSES.map((c) => `${c} ${(totals[c] / 1000).toFixed(1)} s`).join(", ")}; ` +
      `main thread busy ${((100 * totals.main) / wall).toFixed(0)}% of the time, the rest ${((cpu - totals.main) / wall).toFixed(2)} cores on average`,
  );
}

const { data, dist, remove } = await buildCopy(size, "threads");
try {
  await build(`full build, ${size} reviews (insights cache cold)`, data, dist);
  if (values.rebuild) {
    await appendNewReview(data, "bench-threads-added", "Added for the benchmark: on time, fair price, spotless.");
    await build("rebuild after one added review", data, dist);
  }
} finally {
  await remove();
}
