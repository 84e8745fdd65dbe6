// The _redirects file of a static export and the --sidecar-origin it proxies to.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseSidecarOrigin, redirectsFile, SIDECAR_PATHS } from "../../../src/export/redirects.ts";

const SITE = "https://reviews.example.test";

describe("redirectsFile", () => {
  it("proxies each sidecar path to the origin with status 200, the splat kept", () => {
    assert.equal(
      redirectsFile("https://api.example.com"),
      [
        "# The sidecar's paths, proxied to it; every other path is a static file.",
        "/api/reviews/*  https://api.example.com/api/reviews/:splat  200",
        "/api/websub/hub  https://api.example.com/api/websub/hub  200",
        "/mcp  https://api.example.com/mcp  200",
        "/healthz  https://api.example.com/healthz  200",
        "/api/status  https://api.example.com/api/status  200",
        "/reviews/:id/  https://api.example.com/reviews/:id/  200",
        "",
      ].join("\n"),
    );
  });

  it("has one rule per sidecar path", () => {
    const rules = redirectsFile("http://127.0.0.1:4321")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    assert.deepEqual(
      rules.map((l) => l.split(/\s+/)[0]),
      [...SIDECAR_PATHS],
    );
    assert.ok(rules.every((l) => l.endsWith("  200")));
  });
});

describe("parseSidecarOrigin", () => {
  it("accepts an http(s) origin, with or without its trailing slash, and keeps a port", () => {
    assert.equal(parseSidecarOrigin("https://api.example.com/", SITE), "https://api.example.com");
    assert.equal(parseSidecarOrigin("http://10.0.0.5:4321", SITE), "http://10.0.0.5:4321");
  });

  it("refuses what is not a URL", () => {
    assert.throws(() => parseSidecarOrigin("api.example.com", SITE), {
      message: /^--sidecar-origin: expected an absolute http\(s\) URL .*got "api\.example\.com"$/,
    });
  });

  it("refuses another scheme, naming it", () => {
    assert.throws(() => parseSidecarOrigin("ftp://api.example.com", SITE), {
      message: '--sidecar-origin: expected an http or https URL, got the scheme "ftp:"',
    });
  });

  for (const bad of [
    "https://api.example.com/sidecar",
    "https://u:p@api.example.com",
    "https://api.example.com/?a=1",
  ]) {
    it(`refuses ${bad}: an origin only`, () => {
      assert.throws(() => parseSidecarOrigin(bad, SITE), {
        message: `--sidecar-origin: expected an origin only (scheme, host, port), got ${JSON.stringify(bad)}`,
      });
    });
  }

  it("refuses the site's own origin, which would proxy to itself", () => {
    assert.throws(() => parseSidecarOrigin("https://reviews.example.test/", SITE), {
      message: /https:\/\/reviews\.example\.test is the release's own SITE_URL/,
    });
  });
});
