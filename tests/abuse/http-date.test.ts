// If-Modified-Since / If-Unmodified-Since count only when they hold a real HTTP-date (RFC 9110 5.6.7); anything else is ignored.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sampleRelease } from "../helpers/build.ts";
import { startTestSidecar, type TestSidecar } from "../helpers/sidecar.ts";

const NOT_DATES = [
  "2027",
  "2099-01-01",
  "2099-01-01T00:00:00Z",
  "Thu, 01 Jan 2099 00:00:00 UTC",
  "thu, 01 jan 2099 00:00:00 gmt",
  "Thu,  1 Jan 2099 00:00:00 GMT",
  "Thu, 01 Jan 2099 00:00 GMT",
  "Thu, 31 Feb 2099 00:00:00 GMT",
  "Thu, 01 Jan 2099 24:00:00 GMT",
  "1 Jan 2099",
  "4102444800",
];
// One moment far after every release, in each of the three forms the RFC allows.
// (An RFC 850 year more than 50 years ahead means the century before: "01-Jan-99" is 1999.)
const DATES = ["Wed, 01 Jan 2070 00:00:00 GMT", "Wednesday, 01-Jan-70 00:00:00 GMT", "Wed Jan  1 00:00:00 2070"];

describe("HTTP-dates in conditional requests", () => {
  let sc: TestSidecar;
  before(async () => (sc = await startTestSidecar(await sampleRelease())));
  after(() => sc.stop());

  const get = async (headers: Record<string, string>) => {
    const res = await fetch(`${sc.url}/reviews.json`, { headers });
    await res.arrayBuffer();
    return res.status;
  };

  it("ignores an If-Modified-Since that is not an HTTP-date", async () => {
    for (const value of NOT_DATES) assert.equal(await get({ "if-modified-since": value }), 200, value);
  });

  it("ignores an If-Unmodified-Since that is not an HTTP-date", async () => {
    for (const value of ["1970", "Thu, 01 Jan 1970 00:00:00 UTC", "1970-01-01"])
      assert.equal(await get({ "if-unmodified-since": value }), 200, value);
  });

  it("honours all three HTTP-date forms", async () => {
    for (const value of DATES) {
      assert.equal(await get({ "if-modified-since": value }), 304, value);
      assert.equal(await get({ "if-unmodified-since": value }), 200, value);
    }
    assert.equal(await get({ "if-unmodified-since": "Sun, 06 Nov 1994 08:49:37 GMT" }), 412);
    assert.equal(await get({ "if-unmodified-since": "Sunday, 06-Nov-94 08:49:37 GMT" }), 412);
    assert.equal(await get({ "if-unmodified-since": "Sun Nov  6 08:49:37 1994" }), 412);
    assert.equal(await get({ "if-modified-since": "Friday, 01-Jan-99 00:00:00 GMT" }), 200);
  });
});
