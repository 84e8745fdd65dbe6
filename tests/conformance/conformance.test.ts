// The official MCP conformance suite against the real sidecar: every scenario passes except the fixture-dependent ones in
// baseline.yml, and those fail only because the fixture (a test_* tool or prompt, a test:// resource) does not exist here.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { build, ROOT } from "../helpers/build.ts";

type Check = { status: string; errorMessage?: string };

const FIXTURE_MISSING = /Unknown tool: test_|Unknown prompt: test_|Resource not found: test:\/\//;

test("the conformance suite passes against /mcp, with exactly the baseline's fixture scenarios failing, for that reason", async () => {
  const built = await build();
  assert.equal(built.code, 0, built.stderr);
  const output = await mkdtemp(path.join(os.tmpdir(), "mcp-conformance-results-"));
  try {
    const run = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const script = path.join(ROOT, "scripts/mcp-conformance.ts");
      const child = spawn(process.execPath, [script, "--dist", built.distDir, "--output", output], { cwd: ROOT });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("exit", (code) => resolve({ code, out }));
    });
    assert.equal(run.code, 0, run.out.slice(-4000));
    assert.match(run.out, /Baseline check passed/);

    const baseline = (await readFile(path.join(ROOT, "tests/conformance/baseline.yml"), "utf8"))
      .split("\n")
      .flatMap((line) => /^\s+- ([\w-]+)\s*$/.exec(line)?.[1] ?? []);
    const results = new Map<string, Check[]>();
    for (const dir of await readdir(output)) {
      const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(dir)?.[1];
      if (scenario)
        results.set(scenario, JSON.parse(await readFile(path.join(output, dir, "checks.json"), "utf8")) as Check[]);
    }
    assert.ok(results.size >= 30, `expected the whole active suite, got ${results.size} scenarios`);
    for (const [scenario, checks] of results) {
      const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
      if (!baseline.includes(scenario)) {
        assert.deepEqual(bad, [], `${scenario} must pass`);
        continue;
      }
      assert.ok(bad.length > 0, `${scenario} is in the baseline but passes`);
      for (const c of bad)
        assert.match(
          c.errorMessage ?? "",
          FIXTURE_MISSING,
          `${scenario} fails for another reason than a missing fixture`,
        );
    }
  } finally {
    await rm(output, { recursive: true, force: true });
  }
});
