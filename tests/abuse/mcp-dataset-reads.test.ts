// MCP resources/read of a published dataset is answered whole from memory, so only datasets up to 1 MiB are read this
// way (as small as the answers that need no place among the large ones): 20 parallel reads of a 14 MB reviews.json are
// refused with its URL, and the sidecar's memory grows by little, while a small dataset still reads. Before, each read
// held the whole file several times over (20 reads took RSS up about 700 MB, 40 up 1.3 GB).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { openSession, post, PROTOCOL } from "../../scripts/bench/lib/mcp-client.ts";
import { type SidecarProcess, startSidecar } from "../../scripts/lib/sidecar-process.ts";
import { publish, sampleSite, SITE_URL, writeRelease } from "../helpers/synthetic-release.ts";
import { dataset } from "../helpers/dataset.ts";

const READS = 20;

let tmp: string;
let sidecar: SidecarProcess;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "mcp-dataset-reads-"));
  const dir = path.join(tmp, "release-1");
  await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(20_000)) } });
  await publish(path.join(tmp, "dist"), dir);
  sidecar = await startSidecar({ DIST_DIR: path.join(tmp, "dist"), SITE_URL, HUB_DB: path.join(tmp, "hub.sqlite") });
});
after(async () => {
  await sidecar?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const rss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${sidecar.child.pid}/status`, "utf8"))![1]) * 1024;

it("refuses to read a large dataset over MCP, however many ask at once, and still reads a small one", async () => {
  const mcp = `${sidecar.url}/mcp`;
  const headers = { "mcp-session-id": await openSession(mcp), "mcp-protocol-version": PROTOCOL };
  const read = async (id: number, file: string) => {
    const body = { jsonrpc: "2.0", id, method: "resources/read", params: { uri: `${SITE_URL}${file}` } };
    const answer = await post(mcp, JSON.stringify(body), headers);
    const data = answer.text.startsWith("{") ? answer.text : /^data: (.*)$/m.exec(answer.text)![1]!;
    return { status: answer.status, message: JSON.parse(data) as { result?: unknown; error?: { message: string } } };
  };

  const settled = rss();
  let peak = settled;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const answers = await Promise.all(Array.from({ length: READS }, (_, i) => read(i + 1, "/reviews.json")));
  clearInterval(sampler);
  const grew = Math.round((peak - settled) / 2 ** 20);
  assert.ok(grew < 150, `RSS grew ${grew} MB while ${READS} reads of a 14 MB dataset were answered`);
  for (const { message } of answers) {
    assert.equal(message.result, undefined);
    assert.match(message.error!.message, /reviews\.json is \d+ MB, more than MCP reads serve; download it over HTTP/);
  }

  const small = await read(READS + 1, "/insights.json");
  assert.equal(small.status, 200);
  const contents = (small.message.result as { contents: { uri: string; text: string }[] }).contents;
  assert.equal(contents[0]!.uri, `${SITE_URL}/insights.json`);
  assert.ok(JSON.parse(contents[0]!.text));
});
