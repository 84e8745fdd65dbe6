// A cursor is checked by the rules of the query it continues: one forged to hold filters a query could not (since after
// until, an aspect sentiment without its aspect) is refused, never answered with the filter dropped.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

let sc: TestSidecar;
before(async () => {
  sc = await startTestSidecar(await sampleRelease());
});
after(() => sc?.stop());

/** A real cursor of a first page, its payload changed by `forge`. */
async function forged(query: string, forge: (filters: Record<string, unknown>) => void): Promise<string> {
  const first = (await (await sc.get(`/api/reviews/search?${query}&limit=1`)).json()) as { next_cursor: string };
  const payload = JSON.parse(Buffer.from(first.next_cursor, "base64url").toString("utf8"));
  forge(payload.f);
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

it("refuses a cursor whose since is after its until", async () => {
  const cursor = await forged("since=2020-01-01&until=2030-01-01", (f) => {
    f["since"] = "2030-01-01";
    f["until"] = "2020-01-01";
  });
  const res = await sc.get(`/api/reviews/search?cursor=${cursor}`);
  assert.equal(res.status, 400);
  const body = (await res.json()) as { issues: { path: string[] }[] };
  assert.deepEqual(
    body.issues.map((i) => i.path[0]),
    ["cursor"],
  );
});

it("refuses a cursor with an aspect sentiment but no aspect", async () => {
  const cursor = await forged("aspect=punctuality&aspect_sentiment=negative", (f) => {
    f["aspect"] = null;
  });
  const res = await sc.get(`/api/reviews/search?cursor=${cursor}`);
  assert.equal(res.status, 400);
});

it("still continues a search from the cursor it issued", async () => {
  const cursor = await forged("since=2020-01-01&until=2030-01-01", () => {});
  assert.equal((await sc.get(`/api/reviews/search?cursor=${cursor}`)).status, 200);
});
