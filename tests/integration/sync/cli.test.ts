// `npm run sync` as a command: a second sync while one runs exits with code 3 saying who holds the data directory;
// --dry-run writes nothing; --every syncs on its schedule until stopped; usage and configuration errors exit 2;
// no secret reaches stdout or stderr.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { after, describe, it } from "node:test";
import { promisify } from "node:util";
import { GOOGLE_SECRETS, type GoogleFake, googleFake, googleReview } from "../../helpers/fake-platforms.ts";
import { days, tempData } from "../../unit/sync/harness.ts";

const SYNC = path.join(import.meta.dirname, "../../../scripts/sync.ts");
const fakes: GoogleFake[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

function env(dataDir: string, google: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, "dist"),
    ...GOOGLE_SECRETS,
    GOOGLE_API_URL: google,
    GOOGLE_TOKEN_URL: `${google}/token`,
  };
}

type Ran = { code: number | null; stdout: string; stderr: string };

function run(args: string[], environment: NodeJS.ProcessEnv): Promise<Ran> {
  return promisify(execFile)(process.execPath, [SYNC, ...args], { env: environment, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

function noSecrets(r: Ran): void {
  for (const s of [GOOGLE_SECRETS.GOOGLE_CLIENT_SECRET, GOOGLE_SECRETS.GOOGLE_REFRESH_TOKEN, "very-secret"])
    assert.ok(!`${r.stdout}${r.stderr}`.includes(s), `${s} printed`);
}

describe("npm run sync", { timeout: 60_000 }, () => {
  it("a second sync while one runs exits 3, saying who holds the data directory", async () => {
    // An empty listing into empty data: the first sync changes nothing, so no build runs.
    const g = await googleFake([]);
    fakes.push(g);
    g.delay = 1500;
    const dir = await tempData();
    const first = run([], env(dir, g.url));
    while (!g.requests.some((r) => r.startsWith("GET"))) await new Promise((r) => setTimeout(r, 20));
    const second = await run([], env(dir, g.url));
    assert.equal(second.code, 3, second.stdout + second.stderr);
    assert.match(
      second.stdout,
      /sync not run: .*\.write\.lock: held by npm run sync \(full\) \(pid \d+ on .*\) since /,
    );
    const done = await first;
    assert.equal(done.code, 0, done.stdout + done.stderr);
    assert.match(done.stdout, /google: fetched 0, added 0, updated 0, removed 0, refused 0 \(full listing, 1 page\)/);
    assert.match(done.stdout, /Nothing changed: no build\./);
    noSecrets(done);
    noSecrets(second);
  });

  it("--dry-run prints the diff and leaves the data directory as it was", async () => {
    const g = await googleFake(days(3, googleReview));
    fakes.push(g);
    const dir = await tempData();
    const r = await run(["--dry-run"], env(dir, g.url));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /added 3/);
    assert.match(r.stdout, /Dry run: nothing was written\./);
    assert.deepEqual(await readdir(dir), ["reviews.jsonl"]);
    noSecrets(r);
  });

  it("--every syncs on its schedule until SIGTERM, incrementally", async () => {
    const g = await googleFake([]);
    fakes.push(g);
    const dir = await tempData();
    const child = spawn(process.execPath, [SYNC, "--every", "* * * * * *", "--dry-run"], {
      env: env(dir, g.url),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const deadline = Date.now() + 10_000;
    while ((out.match(/sync \(incremental\)/g) ?? []).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    assert.ok((out.match(/sync \(incremental\)/g) ?? []).length >= 2, out);
    assert.match(out, /incremental, stopped at page 1|incremental listing, 1 page/);
  });

  it("usage and configuration errors exit 2 and name what is wrong, not the secret", async () => {
    const dir = await tempData();
    const badCron = await run(["--every", "every minute"], env(dir, "http://127.0.0.1:9"));
    assert.equal(badCron.code, 2);
    assert.match(badCron.stderr, /--every: 'every minute' is not a cron expression/);
    const partial = { ...env(dir, "http://127.0.0.1:9"), GOOGLE_REFRESH_TOKEN: "" };
    const r = await run([], partial);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /GOOGLE_REFRESH_TOKEN: not set, while other Google variables are/);
    const none = await run(["--source", "trustpilot"], env(dir, "http://127.0.0.1:9"));
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--source trustpilot: not configured; set TRUSTPILOT_API_KEY/);
    for (const x of [badCron, r, none]) noSecrets(x);
  });
});
