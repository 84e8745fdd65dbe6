// The tool registry's call dispatch: arguments the schema refuses are a tool error and never run the tool.
import assert from "node:assert/strict";
import test from "node:test";
import { z } from "zod";
import { defineTool, ok } from "../../../src/lib/mcp/tools/tool.ts";
import type { Snapshot } from "../../../src/lib/mcp/snapshot.ts";
import { createToolRegistry } from "../../../sidecar/mcp/tool-registry.ts";

function countingTool() {
  const runs: unknown[] = [];
  const tool = defineTool({
    name: "echo",
    title: "Echo",
    description: () => "Answers its argument.",
    input: z.object({ n: z.number().int().min(1) }).strict(),
    output: z.object({ n: z.number() }),
    run: (args) => {
      runs.push(args);
      return ok({ n: args.n });
    },
  });
  return { tool, runs };
}

const snapshotOf = (releaseId: string) => () => ({ releaseId }) as unknown as Snapshot;

test("arguments the schema refuses never run the tool, even on a second call", async () => {
  const { tool, runs } = countingTool();
  const registry = createToolRegistry([tool]);
  for (let i = 0; i < 2; i++) {
    const result = registry.call("echo", { n: 0 }, snapshotOf("r1"));
    assert.equal(result.isError, true);
    assert.match(result.content[0]!.text, /\bn\b/);
  }
  assert.equal(runs.length, 0);
});

test("arguments nested too deep to serialise are refused as a tool error, not thrown", async () => {
  const { tool, runs } = countingTool();
  const registry = createToolRegistry([tool]);
  let deep: unknown = {};
  for (let i = 0; i < 200_000; i++) deep = { n: deep };
  const result = registry.call("echo", deep, snapshotOf("r1"));
  assert.equal(result.isError, true);
  assert.equal(runs.length, 0);
});
