// Benchmark: how the costs grow with the number of reviews. At each size, the full build (time, peak memory), the
// rebuild after one added review, and the sidecar on that release (start-up, resident memory after start and after
// sequential searches, their p50 / p99); then the growth exponent between sizes (1 = linear) and an SVG chart of time
// and memory against the number of reviews.
// Usage: node scripts/bench/scale.ts [--sizes 10000,100000,300000] [--requests 200] [--svg docs/scale.svg]
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { PALETTE } from "../../src/lib/charts/types.ts";
import { linear, niceTicks } from "../../src/lib/charts/scale.ts";
import { n, rect, svgDocument, text } from "../../src/lib/charts/svg.ts";
import { startSidecar } from "../lib/sidecar-process.ts";
import { appendNewReview, buildCopy, parseSizes, ROOT } from "./lib/data-sets.ts";
import { measureBuild } from "./lib/measured-run.ts";
import { residentMb } from "./lib/rss.ts";
import { SEQUENTIAL_CLIENT, sequentialLatencies } from "./lib/sequential.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,300000" },
    requests: { type: "string", default: "200" },
    svg: { type: "string", default: path.join(ROOT, "docs", "scale.svg") },
  },
});
const sizes = parseSizes(values.sizes).sort((a, b) => a - b);
const [requests] = parseSizes(values.requests);

// Each figure measured at a size: its heading and the decimals it is printed with.
const COLUMNS = {
  buildS: ["full build s", 1],
  buildPeakMb: ["build peak MB", 0],
  rebuildS: ["+1 rebuild s", 1],
  startS: ["sidecar start s", 2],
  rssStartMb: ["RSS start MB", 0],
  rssLoadMb: ["RSS load MB", 0],
  searchP50: ["search p50 ms", 2],
  searchP99: ["search p99 ms", 2],
} as const;
type Point = { reviews: number } & Record<keyof typeof COLUMNS, number>;

async function measure(reviews: number): Promise<Point> {
  const { data, dist, remove } = await buildCopy(reviews, "scale");
  try {
    const full = await measureBuild(data, dist);
    await appendNewReview(data, "scale-added", "Added for the benchmark: on time, fair price, spotless.");
    const rebuild = await measureBuild(data, dist);
    const env = { DATA_DIR: data, DIST_DIR: dist, HUB_DB: path.join(path.dirname(dist), "hub.sqlite"), PORT: "0" };
    const started = performance.now();
    const sidecar = await startSidecar(env, { timeoutMs: 120_000 });
    try {
      const startS = (performance.now() - started) / 1000;
      const rssStart = await residentMb(sidecar.child.pid!);
      const search = await sequentialLatencies(`${sidecar.url}/api/reviews/search?min_rating=4&limit=20`, requests!);
      const rssLoad = await residentMb(sidecar.child.pid!);
      return {
        reviews,
        buildS: full.seconds,
        buildPeakMb: full.peakMb,
        rebuildS: rebuild.seconds,
        startS,
        rssStartMb: rssStart.rss,
        rssLoadMb: rssLoad.rss,
        searchP50: search.p50,
        searchP99: search.p99,
      };
    } finally {
      await sidecar.stop();
    }
  } finally {
    await remove();
  }
}

const points: Point[] = [];
for (const size of sizes) {
  console.log(`${size} reviews ...`);
  points.push(await measure(size));
}

const columns = Object.entries(COLUMNS) as [keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]][];
console.log(`\nsearches: ${requests} sequential requests from ${SEQUENTIAL_CLIENT}`);
console.log(`${"reviews".padStart(8)} ${columns.map(([, [label]]) => label.padStart(15)).join(" ")}`);
for (const p of points)
  console.log(
    `${String(p.reviews).padStart(8)} ${columns.map(([k, [, d]]) => p[k].toFixed(d).padStart(15)).join(" ")}`,
  );
// Growth between consecutive sizes as the exponent k in cost ~ reviews^k: 1 is linear, above 1 grows faster.
console.log("\ngrowth exponent between sizes (1 = linear)");
for (let i = 1; i < points.length; i++) {
  const [a, b] = [points[i - 1]!, points[i]!];
  const k = (key: keyof Point) => Math.log(b[key] / a[key]) / Math.log(b.reviews / a.reviews);
  console.log(
    `${`${a.reviews}-${b.reviews}`.padStart(14)} ${columns.map(([key]) => k(key).toFixed(2).padStart(15)).join(" ")}`,
  );
}
console.log(`raw: ${JSON.stringify(points)}`);

await writeFile(values.svg, chart(points));
console.log(`chart: ${path.relative(process.cwd(), values.svg)}`);

/** Two panels against the number of reviews: build and start-up times, and memory. */
function chart(points: readonly Point[]): string {
  const W = 720;
  const H = 300;
  const panel = (x0: number, title: string, unit: string, lines: [keyof Point, string, string][]) => {
    const [left, right, top, bottom] = [x0 + 52, x0 + W / 2 - 16, 40, H - 48];
    const maxX = points.at(-1)!.reviews;
    const yTicks = niceTicks(Math.max(...lines.flatMap(([k]) => points.map((p) => p[k]))));
    const x = linear(0, maxX, left, right);
    const y = linear(0, yTicks.at(-1)!, bottom, top);
    let body = text(left, 24, `${title} (${unit})`, 'font-weight="bold" font-size="13" fill="currentColor"');
    for (const t of yTicks)
      body +=
        `<line x1="${n(left)}" x2="${n(right)}" y1="${n(y(t))}" y2="${n(y(t))}" stroke="${PALETTE.grid}"/>` +
        text(left - 6, y(t) + 4, String(t), 'text-anchor="end" font-size="11" fill="currentColor"');
    for (const p of points)
      body += text(
        x(p.reviews),
        bottom + 16,
        `${p.reviews / 1000}k`,
        'text-anchor="middle" font-size="11" fill="currentColor"',
      );
    body += text((left + right) / 2, bottom + 34, "reviews", 'text-anchor="middle" font-size="11" fill="currentColor"');
    lines.forEach(([key, label, colour], i) => {
      const xy = points.map((p) => [n(x(p.reviews)), n(y(p[key]))] as const);
      body += `<polyline points="${xy.join(" ")}" fill="none" stroke="${colour}" stroke-width="2"/>`;
      for (const [cx, cy] of xy) body += `<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`;
      body += rect(left + 8, top + 6 + i * 16, 10, 3, colour);
      body += text(left + 22, top + 10 + i * 16, label, 'font-size="11" fill="currentColor"');
    });
    return body;
  };
  const body =
    panel(0, "Time", "seconds", [
      ["buildS", "full build", PALETTE.bar],
      ["rebuildS", "rebuild after one added review", PALETTE.line],
      ["startS", "sidecar start-up", PALETTE.positive],
    ]) +
    panel(W / 2, "Memory", "MB", [
      ["buildPeakMb", "full build, peak RSS", PALETTE.bar],
      ["rssLoadMb", "sidecar RSS after searches", PALETTE.positive],
    ]);
  const sizesText = points.map((p) => p.reviews.toLocaleString("en-US")).join(", ");
  return `${svgDocument({
    id: "scale",
    title: "Build, rebuild and sidecar costs against the number of reviews",
    description: `Measured by scripts/bench/scale.ts at ${sizesText} reviews: full build, rebuild after one added review and sidecar start-up in seconds; build peak and sidecar resident memory in MB.`,
    width: W,
    height: H,
    body,
  })}\n`;
}
