// An owner's first hour as docs/getting-started.md tells it, on a copy of the project's data: the sample served, `npm
// run init` with the owner's business, two platform exports imported, `npm start` again. The new business is served
// with no flag and no stack trace, and its change history is its own: no tombstones of the sample, and a cursor of the
// sample's history is told to sync again from the start.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { after, before, it } from "node:test";
import { copyRelease, scratchDir } from "../../../scripts/lib/build-site.ts";
import { ROOT, SAMPLE_DATA, sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { startTestSidecar } from "../../helpers/sidecar.ts";

const FIXTURES = path.join(ROOT, "tests/fixtures/import");
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

let tmp: string;
let env: Record<string, string>;

before(async () => {
  tmp = await scratchDir("owner-path-");
  await cp(SAMPLE_DATA, path.join(tmp, "data"), { recursive: true });
  await copyRelease(await sampleRelease(), path.join(tmp, "dist"));
  env = {
    DATA_DIR: path.join(tmp, "data"),
    DIST_DIR: path.join(tmp, "dist"),
    SITE_URL: TEST_SITE,
    HOST: "127.0.0.1",
    PORT: "0",
    ADMIN_PORT: "",
    HUB_DB: path.join(tmp, "hub.sqlite"),
    ASTRO_TELEMETRY_DISABLED: "1",
  };
});
after(() => rm(tmp, { recursive: true, force: true }));

/** Runs `script` with `args` over `env` to its end: its exit code and everything it wrote. */
function run(script: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

type Change = { type: "upsert" | "removed"; id?: string; review?: { id: string } };

it("replaces the sample with the owner's business, its reviews and a change history of its own", async () => {
  // The sample as `npm start` serves it first: a client of its change feed holds a cursor.
  const sample = await startTestSidecar(env.DIST_DIR!);
  let sampleCursor: string;
  try {
    const first = (await (await sample.get("/api/reviews/changes?limit=100")).json()) as { next_cursor: string };
    sampleCursor = first.next_cursor;
  } finally {
    await sample.stop();
  }

  const init = await run("scripts/init.ts", OWNER);
  assert.equal(init.code, 0, init.output);
  assert.match(init.output, /smith-sons-plumbing \(replacing caliche-creek-plumbing-air\)/);
  const imported = await run("scripts/import.ts", [
    path.join(FIXTURES, "google/takeout-2026-09.json"),
    path.join(FIXTURES, "trustpilot/reviews.csv"),
  ]);
  assert.equal(imported.code, 0, imported.output);
  assert.match(imported.output, /0 reviews before, 9 after/);

  // `npm start` again: it builds the new data, with no flag, and serves it.
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    let url: string | undefined;
    for (let i = 0; i < 1200 && url === undefined && child.exitCode === null; i++) {
      url = /"msg":"listening on[^\n]*"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (url === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(url, `npm start serves the new business:\n${output}`);
    assert.doesNotMatch(output, /allow-shrink|\n\s+at /, "no refusal, no stack trace");

    const dataset = (await (await fetch(`${url}/reviews.json`)).json()) as {
      business: { id: string };
      reviews: { id: string }[];
    };
    assert.equal(dataset.business.id, "smith-sons-plumbing");
    assert.equal(dataset.reviews.length, 9);

    const stale = await fetch(`${url}/api/reviews/changes?after=${sampleCursor}`);
    assert.equal(stale.status, 400);
    assert.match(await stale.text(), /stale_cursor.*sync again from the start/);

    const changes = (await (await fetch(`${url}/api/reviews/changes?limit=100`)).json()) as { changes: Change[] };
    assert.deepEqual(
      changes.changes.map((c) => `${c.type} ${c.review?.id ?? c.id}`).sort(),
      dataset.reviews.map((r) => `upsert ${r.id}`).sort(),
      "the new business's reviews, and no tombstone of the sample's",
    );
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
});
