// `npm run dev`: the site's pages from `astro dev` (reloaded live as their code changes) over the data in DATA_DIR, with
// the sidecar's routes (review pages, search, the API, /mcp, the WebSub hub) answering beside them: a release of the
// data is built for the sidecar, which runs on a port of its own, and the dev server passes those paths to it.
import { mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { dev } from "astro";
import { astroConfig } from "../src/build/astro-config.ts";
import { loadConfig } from "../src/config.ts";
import { runBuild } from "./lib/build-site.ts";
import { ROOT, startSidecar } from "./lib/sidecar-process.ts";

const config = loadConfig();
const work = path.join(ROOT, ".cache", "dev");
const distDir = path.join(work, "dist");
await mkdir(work, { recursive: true });
// Built for the dev server's origin (SITE_URL, else http://localhost:4321): the URLs in the pages point at it.
const env = { DATA_DIR: config.dataDir, DIST_DIR: distDir, SITE_URL: config.siteUrl };
await runBuild(env);
const sidecar = await startSidecar({ ...env, HUB_DB: path.join(work, "hub.sqlite"), ADMIN_PORT: "" });
console.log(`sidecar listening on ${sidecar.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void sidecar.stop().then(() => process.exit(0)));

// The paths the sidecar answers, and the release's data files, which no page renders.
const SIDECAR_PATHS = [
  "^/reviews/(?!page/)[^/]+/?$",
  "^/api/(reviews|websub|status)",
  "^/mcp",
  "^/healthz",
  "^/(reviews|insights)\\.json",
  "^/sitemap",
];
const proxy = Object.fromEntries(SIDECAR_PATHS.map((p) => [p, { target: sidecar.url }]));
const base = astroConfig(config, await realpath(distDir));
await dev({
  ...base,
  server: { port: new URL(config.siteUrl).port ? Number(new URL(config.siteUrl).port) : 4321 },
  vite: { server: { proxy } },
});
