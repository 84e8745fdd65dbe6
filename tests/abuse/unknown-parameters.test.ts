// Unknown query parameters on the read API are refused with a short 400 `issues` answer: a handful of names (cut
// short), a count of the rest, never a value. Before, every name came back twice, the answer ~13 times the request.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { publish, sampleSite, writeRelease } from "../helpers/synthetic-release.ts";
import { dataset } from "../helpers/dataset.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

let tmp: string;
let sc: TestSidecar;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "unknown-params-"));
  const dir = path.join(tmp, "release-1");
  await writeRelease(dir, { ...sampleSite(), "/reviews.json": { body: JSON.stringify(dataset(20)) } });
  await publish(path.join(tmp, "dist"), dir);
  sc = await startTestSidecar(path.join(tmp, "dist"));
});
after(async () => {
  await sc?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

it("names a handful of unknown parameters, counts the rest, and never echoes a value", async () => {
  const params = new URLSearchParams({ query: "water" });
  for (let i = 0; i < 100; i++) params.append(`unknown${i}-${"n".repeat(60)}`, `SECRET-VALUE-${i}`);
  const request = `/api/reviews/search?${params}`;
  const res = await sc.get(request);
  assert.equal(res.status, 400);
  const text = await res.text();
  const body = JSON.parse(text) as { issues: { code: string; path: (string | number)[]; message: string }[] };
  assert.ok(text.length < 2048, `a ${text.length}-byte answer to a ${request.length}-byte request`);
  assert.doesNotMatch(text, /SECRET-VALUE/);
  const named = body.issues.filter((i) => i.path.length > 0);
  assert.ok(named.length >= 1 && named.length <= 5, `${named.length} names`);
  assert.ok(
    body.issues.some((i) => /95 more unknown parameters/.test(i.message)),
    text,
  );
});
