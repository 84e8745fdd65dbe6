// The admin listener (127.0.0.1) answers only requests for this machine's names: a page on another origin that rebinds
// its name to 127.0.0.1 (DNS rebinding) sends its own name as Host and is refused, so it cannot read the figures.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { publish, sampleSite, writeRelease } from "../helpers/synthetic-release.ts";
import { send } from "../integration/deploy/send.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

let tmp: string;
let sc: TestSidecar;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "admin-host-"));
  await writeRelease(path.join(tmp, "release-1"), sampleSite());
  await publish(path.join(tmp, "dist"), path.join(tmp, "release-1"));
  sc = await startTestSidecar(path.join(tmp, "dist"));
});
after(async () => {
  await sc?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

it("refuses another Host on the admin listener, and answers its own names", async () => {
  const admin = sc.sidecar.adminUrl()!;
  const port = new URL(admin).port;
  for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1.nip.io", "localhost.evil.example"]) {
    const res = await send(`${admin}/api/status`, { headers: { host } });
    assert.equal(res.status, 421, `Host ${host}: ${res.status}`);
    assert.doesNotMatch(res.body.toString(), /rss_bytes|subscriptions/);
  }
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "LOCALHOST", "127.0.0.1"]) {
    const res = await send(`${admin}/api/status`, { headers: { host } });
    assert.equal(res.status, 200, `Host ${host}: ${res.status}`);
  }
});
