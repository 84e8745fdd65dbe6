// The sync's configuration: a platform is synced when all its variables are set, not at all when none is; partial
// sets, a malformed location and bad URLs are errors naming the variable, never a secret's value.
import assert from "node:assert/strict";
import { it } from "node:test";
import { ConfigError, loadConfig } from "../../../src/config.ts";
import { GOOGLE_SECRETS, TRUSTPILOT_SECRETS } from "../../helpers/fake-platforms.ts";

it("reads both platforms, with the default base URLs and limits", () => {
  const { sync } = loadConfig({
    ...GOOGLE_SECRETS,
    ...TRUSTPILOT_SECRETS,
    TRUSTPILOT_API_URL: "http://127.0.0.1:9/tp/",
  });
  assert.deepEqual(sync.google, {
    clientId: GOOGLE_SECRETS.GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_SECRETS.GOOGLE_CLIENT_SECRET,
    refreshToken: GOOGLE_SECRETS.GOOGLE_REFRESH_TOKEN,
    location: "accounts/111/locations/222",
    apiUrl: "https://mybusiness.googleapis.com",
    tokenUrl: "https://oauth2.googleapis.com/token",
  });
  assert.equal(sync.trustpilot?.apiUrl, "http://127.0.0.1:9/tp");
  assert.deepEqual([sync.maxPages, sync.maxReviews, sync.timeoutSeconds], [5000, 250000, 30]);
  assert.deepEqual([loadConfig({}).sync.google, loadConfig({}).sync.trustpilot], [null, null]);
});

it("names what is missing or malformed, and no secret", () => {
  const partial = { ...GOOGLE_SECRETS, GOOGLE_LOCATION: "" };
  assert.throws(
    () => loadConfig(partial),
    (err: Error) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /GOOGLE_LOCATION: not set, while other Google variables are/);
      for (const secret of Object.values(GOOGLE_SECRETS)) assert.ok(!err.message.includes(secret));
      return true;
    },
  );
  assert.throws(
    () => loadConfig({ ...GOOGLE_SECRETS, GOOGLE_LOCATION: "locations/222" }),
    /GOOGLE_LOCATION: expected accounts\/<id>/,
  );
  assert.throws(() => loadConfig({ TRUSTPILOT_API_KEY: "k" }), /TRUSTPILOT_BUSINESS_UNIT_ID: not set/);
  assert.throws(
    () => loadConfig({ GOOGLE_API_URL: "mybusiness.googleapis.com" }),
    /GOOGLE_API_URL: expected an absolute/,
  );
  assert.throws(() => loadConfig({ SYNC_MAX_PAGES: "0" }), /SYNC_MAX_PAGES/);
});
