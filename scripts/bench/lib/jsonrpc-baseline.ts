// A minimal hand-written JSON-RPC handler on node:http (no SDK, no sessions, no framework), answering tools/call
// search_reviews from the same search implementation over the same release: the MCP benchmark's baseline, run as its
// own process. Usage: node scripts/bench/lib/jsonrpc-baseline.ts DIST_DIR [--replay]; prints {"url":"..."} when ready.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { parseSearchQuery } from "../../../src/lib/schema/search.ts";
import { indexDataset } from "../../../src/lib/search/index.ts";
import { searchReviews } from "../../../src/lib/search/search-reviews.ts";
import { nextHint } from "../../../src/lib/mcp/tools/tool.ts";
import { PROTOCOL } from "./mcp-client.ts";

/**
 * The comparison: JSON-RPC over node:http, answering from the same search implementation over the same release; with
 * `replay`, each answer is kept and replayed, as the sidecar's result cache does.
 */
async function baselineServer(distDir: string, replay: boolean): Promise<void> {
  const dataset = JSON.parse(await readFile(path.join(distDir, "reviews.json"), "utf8")) as ReviewsDataset;
  const index = indexDataset(dataset);
  const answers = new Map<string, string>();
  const server = createServer((req, res) => {
    if (req.method === "DELETE") return void res.writeHead(200).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id?: string | number;
        method: string;
        params?: { arguments?: Record<string, unknown> };
      };
      if (msg.id === undefined) return void res.writeHead(202).end();
      const key = `${msg.method}\n${JSON.stringify(msg.params?.arguments ?? {})}`;
      let result = replay ? answers.get(key) : undefined;
      if (result === undefined) {
        if (msg.method === "initialize") {
          result = JSON.stringify({
            protocolVersion: PROTOCOL,
            capabilities: { tools: {} },
            serverInfo: { name: "baseline", version: "1.0.0" },
          });
        } else {
          const args = Object.entries(msg.params?.arguments ?? {}).map(([k, v]) => [k, String(v)]);
          const parsed = parseSearchQuery(new URLSearchParams(args));
          const outcome = parsed.ok ? searchReviews(index, parsed.value) : null;
          // As the tool answers: the result and how to get the next page.
          const value = outcome?.ok
            ? {
                ...outcome.result,
                next:
                  outcome.result.next_cursor === null ? null : nextHint("search_reviews", "cursor set to next_cursor"),
              }
            : {};
          result = JSON.stringify({
            content: [{ type: "text", text: JSON.stringify(value) }],
            structuredContent: value,
          });
        }
        if (replay) answers.set(key, result);
      }
      const body = `{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":${result}}`;
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "mcp-session-id": "baseline",
      });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () =>
    console.log(`"url":"http://127.0.0.1:${(server.address() as AddressInfo).port}"`),
  );
}

const { values, positionals } = parseArgs({
  options: { replay: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) throw new Error("usage: node scripts/bench/lib/jsonrpc-baseline.ts DIST_DIR [--replay]");
await baselineServer(positionals[0]!, values.replay);
