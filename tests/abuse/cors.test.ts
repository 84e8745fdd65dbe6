// Browsers may revalidate and resume every GET endpoint of the read API from another origin, and read its validators.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

const ENDPOINTS = ["/reviews.json", "/", "/api/reviews/search?min_rating=4&limit=5", "/api/reviews/since/2020-01-01"];
const CONDITIONAL = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range"];

describe("CORS on the read API", () => {
  let sc: TestSidecar;
  before(async () => (sc = await startTestSidecar(await sampleRelease())));
  after(() => sc.stop());

  it("gives one preflight answer allowing the conditional and range headers everywhere", async () => {
    const answers = new Set<string>();
    for (const p of ENDPOINTS) {
      const res = await fetch(`${sc.url}${p}`, {
        method: "OPTIONS",
        headers: {
          origin: "https://elsewhere.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": CONDITIONAL.join(",").toLowerCase(),
        },
      });
      assert.equal(res.status, 204, p);
      assert.equal(res.headers.get("access-control-allow-origin"), "*", p);
      const allowed = (res.headers.get("access-control-allow-headers") ?? "").split(/,\s*/).map((h) => h.toLowerCase());
      for (const h of CONDITIONAL) assert.ok(allowed.includes(h.toLowerCase()), `${p} allows ${h}`);
      answers.add(JSON.stringify([...res.headers].filter(([k]) => k.startsWith("access-control") || k === "allow")));
    }
    assert.equal(answers.size, 1, "the same preflight answer everywhere");
  });

  it("exposes ETag, Last-Modified and Link on every GET", async () => {
    for (const p of ENDPOINTS) {
      const res = await fetch(`${sc.url}${p}`, { headers: { origin: "https://elsewhere.example" } });
      await res.arrayBuffer();
      assert.equal(res.status, 200, p);
      const exposed = (res.headers.get("access-control-expose-headers") ?? "")
        .split(/,\s*/)
        .map((h) => h.toLowerCase());
      for (const h of ["etag", "last-modified", "link"]) assert.ok(exposed.includes(h), `${p} exposes ${h}`);
    }
  });
});
