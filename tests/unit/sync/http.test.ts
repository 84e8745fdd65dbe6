// The sync's HTTP client on its own: an answer larger than the page limit is cut off and refused; a network error is
// retried; errors keep no header.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { it } from "node:test";
import { createHttp, getBytes, scrubbed, SyncHttpError } from "../../../src/sync/http.ts";

const client = createHttp({ timeoutMs: 5000, retries: 2, backoffMs: 5, maxRetryAfterMs: 10_000 });

async function serve(handler: http.RequestListener): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

it("refuses an answer larger than the limit without reading it all", async () => {
  let sent = 0;
  const s = await serve((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < 64 * 2 ** 20 && res.write(chunk)) sent += chunk.length;
      if (sent < 64 * 2 ** 20) res.once("drain", pump);
      else res.end();
    };
    pump();
  });
  try {
    await assert.rejects(getBytes(client, new URL(`${s.url}/big`), {}, 2 ** 20), (err: Error) => {
      assert.ok(err instanceof SyncHttpError);
      assert.match(err.message, /larger than 1048576 bytes/);
      return true;
    });
    assert.ok(sent < 64 * 2 ** 20, "the download was cut off");
  } finally {
    s.close();
  }
});

it("retries a dropped connection, and reports the status without the request's headers", async () => {
  let n = 0;
  const s = await serve((req, res) => {
    n++;
    if (n === 1) req.socket.destroy();
    else res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"status":"UNAVAILABLE"}}');
  });
  try {
    const err = await getBytes(client, new URL(`${s.url}/x?pageToken=abc`), {
      authorization: "Bearer sekrit-token",
    }).then(
      () => assert.fail("resolved"),
      (e: unknown) => scrubbed(e, "listing", []),
    );
    assert.equal(n, 3);
    assert.equal(err.status, 503);
    assert.equal(err.message, `listing: HTTP 503 (UNAVAILABLE) from ${s.url}/x (after 2 retries)`);
    assert.deepEqual(Object.keys(err), ["name", "status", "code"], "no options, request or response kept");
  } finally {
    s.close();
  }
});
