// Which files of a release a static export copies: the manifest's published files only, by release path.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { publicFiles } from "../../../src/export/public-files.ts";
import type { Manifest, ManifestEntry } from "../../../src/lib/schema/manifest.ts";

const sha = (c: string) => c.repeat(64);

function entry(path: string, compressed = false): ManifestEntry {
  const variant = (ext: string) => ({ path: `${path}${ext}`, bytes: 1, sha256: sha("e"), etag: '"variant-etag-0000"' });
  return {
    path,
    content_type: "text/html; charset=utf-8",
    bytes: 1,
    sha256: sha(path.length % 2 === 0 ? "a" : "b"),
    etag: '"abcdefghijklmnop"',
    last_modified: "Sun, 01 Jun 2025 12:00:00 GMT",
    cache_control: "public, max-age=300",
    link: null,
    encodings: compressed ? { br: variant(".br"), gzip: variant(".gz") } : {},
  };
}

function manifest(files: Record<string, ManifestEntry>): Manifest {
  return {
    manifest_version: 1,
    site_url: "https://reviews.example.test",
    source_hash: sha("0"),
    updated_at: "2025-06-01T12:00:00Z",
    files,
    search_index: { path: "search-index.bin", format: 1, bytes: 10, crc32: 1 },
    change_log: { path: "change-log.json", format: 1, bytes: 10, sha256: sha("c") },
  };
}

describe("publicFiles", () => {
  it("lists every published file by release path, sorted, with its sha256, and no precompressed variant", () => {
    const m = manifest({
      "/reviews.json": entry("reviews.json", true),
      "/": entry("index.html", true),
      "/reviews/page/2/": entry("reviews/page/2/index.html"),
      "/favicon.svg": entry("favicon.svg"),
    });
    assert.deepEqual(publicFiles(m), [
      { path: "favicon.svg", sha256: m.files["/favicon.svg"]!.sha256 },
      { path: "index.html", sha256: m.files["/"]!.sha256 },
      { path: "reviews.json", sha256: m.files["/reviews.json"]!.sha256 },
      { path: "reviews/page/2/index.html", sha256: m.files["/reviews/page/2/"]!.sha256 },
    ]);
  });

  it("leaves out the search index and the change log the manifest describes apart", () => {
    const paths = publicFiles(manifest({ "/feed.xml": entry("feed.xml") })).map((f) => f.path);
    assert.deepEqual(paths, ["feed.xml"]);
  });

  it("never publishes manifest.json or _headers, even when the manifest lists them", () => {
    const m = manifest({
      "/manifest.json": entry("manifest.json"),
      "/_headers": entry("_headers"),
      "/robots.txt": entry("robots.txt"),
    });
    assert.deepEqual(
      publicFiles(m).map((f) => f.path),
      ["robots.txt"],
    );
  });

  it("lists a file two URL paths share once", () => {
    const m = manifest({ "/a/": entry("a/index.html"), "/a/index.html": entry("a/index.html") });
    assert.deepEqual(
      publicFiles(m).map((f) => f.path),
      ["a/index.html"],
    );
  });

  for (const bad of ["../secret.txt", "/etc/passwd", "a/../../b", "a//b", "./a", "a\\b", ""]) {
    it(`refuses a manifest naming ${JSON.stringify(bad)}, naming the entry`, () => {
      const m = manifest({ "/x": entry(bad) });
      assert.throws(() => publicFiles(m), {
        message: `manifest.json entry /x names a file outside the release: ${JSON.stringify(bad)}`,
      });
    });
  }
});
