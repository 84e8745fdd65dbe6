// The sidecar runs with the same V8 options and environment however it is started: npm start, npm run serve, the
// systemd unit, docs/deploy.md, tests and benchmarks.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { SIDECAR_ENV, SIDECAR_NODE_OPTIONS } from "../../../sidecar/node-options.ts";

test("package.json's serve script sets the sidecar's environment and passes its V8 options", async () => {
  const pkg = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  // `npm start` spawns the sidecar from scripts/start.ts with the same constants, after a build that runs without them.
  for (const script of ["serve"]) {
    const words = pkg.scripts[script]!.split(/\s+/);
    const env = Object.entries(SIDECAR_ENV).map(([k, v]) => `${k}=${v}`);
    assert.deepEqual(words.slice(0, env.length), env, script);
    assert.equal(words[env.length], "node", script);
    const options = words.slice(env.length + 1, env.length + 1 + SIDECAR_NODE_OPTIONS.length);
    assert.deepEqual(options, [...SIDECAR_NODE_OPTIONS], script);
  }
});

test("the systemd unit sets the sidecar's environment and passes its V8 options", async () => {
  const unit = await readFile(new URL("../../../deploy/systemd/reviews-sidecar@.service", import.meta.url), "utf8");
  const lines = unit.split("\n");
  for (const [name, value] of Object.entries(SIDECAR_ENV))
    assert.ok(lines.includes(`Environment=${name}=${value}`), name);
  const execStart = /^ExecStart=(\S+) (.*)$/m.exec(unit);
  assert.ok(execStart, "the unit has an ExecStart");
  assert.deepEqual(execStart[2]!.split(" ").slice(0, SIDECAR_NODE_OPTIONS.length), [...SIDECAR_NODE_OPTIONS]);
});

test("docs/deploy.md starts its replicas with the sidecar's environment and V8 options", async () => {
  const doc = await readFile(new URL("../../../docs/deploy.md", import.meta.url), "utf8");
  for (const [name, value] of Object.entries(SIDECAR_ENV)) assert.ok(doc.includes(`${name}=${value} `), name);
  assert.ok(doc.includes(`node_modules/.bin/node ${SIDECAR_NODE_OPTIONS.join(" ")} sidecar/main.ts`));
});
