// The sync against a fake Trustpilot Business Units API: paging by the listing's next-page link, verification as the
// importer maps it, a key refused, a link leaving the API's origin; and one source failing leaves the other alone.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { type Fake, googleFake, googleReview, trustpilotFake, trustpilotReview } from "../../helpers/fake-platforms.ts";
import { byId, days, sync, tempData } from "./harness.ts";

const fakes: Fake[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

describe("sync from Trustpilot", { timeout: 30_000 }, () => {
  it("follows the next-page link and keeps verified reviews only", async () => {
    const reviews = days(150, trustpilotReview, "t");
    reviews[3]!.isVerified = false;
    const t = await trustpilotFake(reviews);
    fakes.push(t);
    const r = await sync({ dataDir: await tempData(), trustpilot: t.url, sources: ["trustpilot"] });
    assert.equal(r.code, 0);
    assert.equal(t.requests.length, 2);
    assert.match(t.requests[1]!, /page=2/);
    assert.equal(byId(r.data).size, 149);
    assert.match(r.lines[0]!, /trustpilot: fetched 150, added 149, .*; 1 unverified skipped/);
    const one = [...byId(r.data).values()][0]!;
    assert.deepEqual(one.source, {
      platform: "trustpilot",
      url: `https://www.trustpilot.com/reviews/${String(reviews.at(-1)!.id)}`,
    });
    assert.equal(t.sent[0]!.headers.apikey, "tp-api-key-very-secret");
  });

  it("a new company reply updates the review", async () => {
    const reviews = days(3, trustpilotReview, "t");
    const t = await trustpilotFake(reviews);
    fakes.push(t);
    const dir = await tempData();
    await sync({ dataDir: dir, trustpilot: t.url, sources: ["trustpilot"] });
    reviews[2]!.companyReply = { text: "Sorry to hear it", createdAt: "2026-11-22T00:00:00Z" };
    const r = await sync({ dataDir: dir, trustpilot: t.url, sources: ["trustpilot"] });
    assert.match(r.lines[0]!, /updated 1/);
    assert.equal([...byId(r.data).values()].filter((x) => x.owner_reply !== null).length, 1);
  });

  it("a refused key names TRUSTPILOT_API_KEY; Google still syncs, and exit code 5 says which failed", async () => {
    const t = await trustpilotFake(days(2, trustpilotReview, "t"));
    const g = await googleFake(days(2, googleReview));
    fakes.push(t, g);
    t.fault = () => ({ status: 401, body: '{"message":"Unauthorized","errorCode":"Unauthorized"}' });
    const r = await sync({ dataDir: await tempData(), trustpilot: t.url, google: g.url });
    assert.equal(r.code, 5);
    assert.match(r.lines.join("\n"), /TRUSTPILOT_API_KEY was refused/);
    assert.equal(byId(r.data).size, 2);
    assert.equal(r.builds, 1);
  });

  it("never follows a next-page link to another origin", async () => {
    const t = await trustpilotFake([]);
    fakes.push(t);
    t.fault = () => ({
      status: 200,
      body: JSON.stringify({
        reviews: [trustpilotReview("t1", "2026-11-01T00:00:00Z")],
        links: [{ rel: "next-page", href: "http://127.0.0.2:9/v1/business-units/bu42/reviews?page=2", method: "GET" }],
      }),
    });
    const r = await sync({ dataDir: await tempData(), trustpilot: t.url, sources: ["trustpilot"] });
    assert.equal(r.code, 5);
    assert.match(r.lines.join("\n"), /leaves http:\/\/127\.0\.0\.1:\d+; the API key is not sent elsewhere/);
    assert.equal(r.data, "");
  });
});
