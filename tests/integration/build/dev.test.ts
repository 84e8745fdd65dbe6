// `npm run dev`: astro dev serves the site's pages over the sample data, with the sidecar's routes answering beside them.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../../helpers/build.ts";

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

describe("npm run dev", () => {
  let origin: string;
  let dev: ReturnType<typeof spawn>;
  let output = "";

  before(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    dev = spawn(process.execPath, [path.join(ROOT, "scripts/dev.ts")], {
      cwd: ROOT,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", SITE_URL: origin },
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (d) => (output += d));
    dev.stderr!.on("data", (d) => (output += d));
    // It builds a release for the sidecar first: up to two minutes on a busy machine.
    for (let i = 0; i < 240; i++) {
      const up = await fetch(`${origin}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      assert.equal(dev.exitCode, null, `npm run dev ended:\n${output}`);
      await sleep(500);
    }
    assert.fail(`npm run dev did not serve / within two minutes:\n${output}`);
  });
  after(async () => {
    dev.kill("SIGTERM");
    if (dev.exitCode === null) await once(dev, "exit");
  });

  it("serves the pages from astro dev", async () => {
    const home = await fetch(`${origin}/`);
    assert.equal(home.status, 200);
    assert.match(home.headers.get("content-type") ?? "", /text\/html/);
    assert.match(await home.text(), /<h1/);
    assert.equal((await fetch(`${origin}/reviews/page/1/`)).status, 200);
  });

  it("passes the sidecar's routes to it: review pages, search, the data files, health", async () => {
    const { reviews } = (await (await fetch(`${origin}/reviews.json`)).json()) as { reviews: { id: string }[] };
    const page = await fetch(`${origin}/reviews/${reviews[0]!.id}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), new RegExp(reviews[0]!.id));
    const search = await fetch(`${origin}/api/reviews/search?limit=1`);
    assert.equal(search.status, 200);
    assert.equal(((await search.json()) as { reviews: unknown[] }).reviews.length, 1);
    assert.equal((await fetch(`${origin}/healthz`)).status, 200);
  });
});
