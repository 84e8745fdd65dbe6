// A minimal Hono app on @hono/node-server answering one JSON body (the file argv[2]) to every GET: the baseline the
// serving benchmark compares the sidecar's search requests/s with. Prints its origin once listening.
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const body = readFileSync(process.argv[2]!);
const app = new Hono().get("*", (c) => c.body(body, 200, { "content-type": "application/json; charset=utf-8" }));
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => console.log(`http://127.0.0.1:${info.port}`));
