// An owner's first hour as the README and docs/getting-started.md tell it, on a fresh clone of the committed code (HEAD)
// in a private temporary directory: `npm install`, `npm start` (the sample), `npm run init` with the owner's business,
// two platform exports imported, `npm start` again. The new business is served with no flag and no stack trace, and
// its change history is its own. The commands run as a shell runs them: npm from a PATH without this project's bins,
// so npm runs on the system's Node and each script on the pinned Node npm puts first on its PATH. node_modules is
// hard-linked from this checkout first, so that `npm install` checks it against the lock without downloading.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, it, type TestContext } from "node:test";
import { ROOT } from "../../helpers/build.ts";
import { freePort } from "../../../scripts/lib/free-port.ts";

const OWNER = [
  ["--name", "Smith & Sons Plumbing"],
  ["--id", "smith-sons-plumbing"],
  ["--url", "https://smith-sons.example.com"],
  ["--telephone", "+1-217-555-0142"],
  ["--description", "Plumbing repairs and water heaters in Springfield."],
  ["--street", "12 Elm St"],
  ["--city", "Springfield"],
  ["--region", "IL"],
  ["--postal-code", "62701"],
  ["--country", "US"],
  ["--time-zone", "America/Chicago"],
].flat();
/** A line of a stack trace, an error's stack in a JSON log line, or npm's own error. */
const TRACE = /^\s+at \S.*:\d+:\d+\)?$|"stack"|^npm error/m;

let tmp: string;
let clone: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "owner-path-"));
  clone = path.join(tmp, "reviews");
  // The user's environment as a shell has it: npm's variables and this project's bins (from `npm test`) left out, and
  // the configuration at its defaults but for the port.
  env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(npm_|INIT_CWD$|NODE$)/i.test(k) && !/^(SITE_URL|DATA_DIR|DIST_DIR|HUB_DB|HOST|ADMIN_PORT)$/.test(k),
    ),
  );
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  env.PORT = String(await freePort());
  env.ASTRO_TELEMETRY_DISABLED = "1";
});
after(() => rm(tmp, { recursive: true, force: true }));

/** Starts `command` in the clone, in a process group of its own; its output is gathered into `out.text`. */
function start(command: string, args: readonly string[], cwd = clone): { child: ChildProcess; out: { text: string } } {
  const child = spawn(command, args, { cwd, env, detached: true });
  const out = { text: "" };
  child.stdout.on("data", (d) => (out.text += d));
  child.stderr.on("data", (d) => (out.text += d));
  return { child, out };
}

/** Runs `command` to its end; fails the test on a non-zero exit or a stack trace. Returns its output. */
async function run(t: TestContext, command: string, args: readonly string[], cwd = clone): Promise<string> {
  const began = performance.now();
  const { child, out } = start(command, args, cwd);
  const code = await new Promise((resolve) => child.on("close", resolve));
  t.diagnostic(`${command} ${args.slice(0, 2).join(" ")}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  assert.equal(code, 0, `${command} ${args.join(" ")}\n${out.text}`);
  assert.doesNotMatch(out.text, TRACE, `${command} ${args.join(" ")}: no stack trace\n${out.text}`);
  return out.text;
}

/** `npm start` until it serves; `use` gets its URL; then SIGTERM to the whole group. Returns its output. */
async function serve(t: TestContext, use: (url: string) => Promise<void>): Promise<string> {
  const began = performance.now();
  const { child, out } = start("npm", ["start"]);
  const closed = new Promise((resolve) => child.on("close", resolve));
  try {
    let url: string | undefined;
    for (let i = 0; i < 1800 && url === undefined && child.exitCode === null; i++) {
      url = /"msg":"listening on[^\n]*"url":"(http:\/\/[^"]+)"/.exec(out.text)?.[1];
      if (url === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(url, `npm start serves:\n${out.text}`);
    t.diagnostic(`npm start, until it serves: ${((performance.now() - began) / 1000).toFixed(1)} s`);
    await use(url);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await closed;
  }
  assert.doesNotMatch(out.text, TRACE, `npm start: no stack trace\n${out.text}`);
  return out.text;
}

let cloned: Promise<void> | undefined;
/** The clone, made once for both tests, with node_modules hard-linked from this checkout. */
function freshClone(t: TestContext): Promise<void> {
  cloned ??= (async () => {
    assert.equal((await stat(tmp)).mode & 0o077, 0, "the clone's directory is private (mode 700)");
    await run(t, "git", ["clone", "--quiet", ROOT, clone], tmp);
    await run(t, "cp", ["-al", path.join(ROOT, "node_modules"), path.join(clone, "node_modules")]);
  })();
  return cloned;
}

type Change = { type: "upsert" | "removed"; id?: string; review?: { id: string } };
const json = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;

const NOT_GIT = !existsSync(path.join(ROOT, ".git")) && "not a git checkout: the test clones the committed code";

it(
  "takes a fresh clone from the sample to the owner's business, served with its own change history",
  { skip: NOT_GIT },
  async (t) => {
    await freshClone(t);
    await run(t, "npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"]);

    // The sample, as the first `npm start` builds and serves it; a client of its change feed holds a cursor.
    let sampleCursor = "";
    await serve(t, async (url) => {
      assert.equal(
        (await json<{ business: { id: string } }>(`${url}/reviews.json`)).business.id,
        "caliche-creek-plumbing-air",
      );
      sampleCursor = (await json<{ next_cursor: string }>(`${url}/api/reviews/changes?limit=100`)).next_cursor;
    });

    assert.match(
      await run(t, "npm", ["run", "init", "--", ...OWNER]),
      /smith-sons-plumbing \(replacing caliche-creek-plumbing-air\)/,
    );
    const imported = await run(t, "npm", [
      "run",
      "import",
      "--",
      "tests/fixtures/import/google/takeout-2026-09.json",
      "tests/fixtures/import/trustpilot/reviews.csv",
    ]);
    assert.match(imported, /0 reviews before, 9 after/);

    // `npm start` again: it builds the new data, with no flag, and serves it.
    const output = await serve(t, async (url) => {
      const search = await json<{ total: number; reviews: { id: string }[] }>(`${url}/api/reviews/search?limit=100`);
      const dataset = await json<{ business: { id: string }; reviews: { id: string }[] }>(`${url}/reviews.json`);
      assert.equal(dataset.business.id, "smith-sons-plumbing");
      assert.equal(search.total, 9);
      assert.deepEqual(search.reviews.map((r) => r.id).sort(), dataset.reviews.map((r) => r.id).sort());
      assert.match(await (await fetch(`${url}/`)).text(), /Smith &amp; Sons Plumbing/);

      const changes = await json<{ changes: Change[] }>(`${url}/api/reviews/changes?limit=100`);
      assert.deepEqual(
        changes.changes.map((c) => `${c.type} ${c.review?.id ?? c.id}`).sort(),
        dataset.reviews.map((r) => `upsert ${r.id}`).sort(),
        "the new business's reviews, and no tombstone of the sample's",
      );
      const stale = await fetch(`${url}/api/reviews/changes?after=${sampleCursor}`);
      assert.equal(stale.status, 400);
      assert.match(await stale.text(), /stale_cursor.*sync again from the start/);
    });
    assert.doesNotMatch(output, /allow-shrink/, "no refusal");
  },
);

it(
  "starts the tests' PostgreSQL from that private clone (as root, the server runs as the postgres user)",
  { skip: NOT_GIT },
  async (t) => {
    await freshClone(t);
    const script = `const { startPostgres } = await import("./scripts/lib/test-postgres.ts");
      const server = await startPostgres(); const url = await server.createDatabase(); await server.stop();
      console.log(url.replace(/:\\/\\/.*@/, "://"));`;
    const node = path.join(clone, "node_modules/.bin/node");
    assert.match(
      await run(t, node, ["--input-type=module", "-e", script]),
      /^postgres:\/\/127\.0\.0\.1:\d+\/hub_test_/m,
    );
  },
);
