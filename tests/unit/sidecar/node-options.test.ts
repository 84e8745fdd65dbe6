// The sidecar runs with the same V8 options however it is started: npm start, npm run serve, tests and benchmarks.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { SIDECAR_NODE_OPTIONS } from "../../../sidecar/node-options.ts";

test("package.json's start and serve scripts pass the sidecar's V8 options", async () => {
  const pkg = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const script of ["start", "serve"]) {
    const words = pkg.scripts[script]!.split(/\s+/);
    assert.equal(words[0], "node", script);
    assert.deepEqual(words.slice(1, 1 + SIDECAR_NODE_OPTIONS.length), [...SIDECAR_NODE_OPTIONS], script);
  }
});
