// sitemap-index.xml and its sitemaps, written from the release's files: every HTML page is listed, including the
// pages a rebuild carried over from the previous release (which Astro never saw, so its sitemap integration cannot),
// and the review pages the sidecar renders.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { SitemapIndexStream, SitemapStream, streamToPromise } from "sitemap";
import { urlPathOf } from "./manifest.ts";

export const SITEMAP_INDEX = "sitemap-index.xml";
/** The sitemap protocol allows 50,000 URLs a file. */
const URLS_PER_SITEMAP = 45_000;

/**
 * Writes the sitemaps of the pages among `files` (release-relative paths) and of `servedPages` (URL paths of pages the
 * sidecar renders) into `root`; returns the files written.
 */
export async function writeSitemaps(
  root: string,
  siteUrl: string,
  files: readonly string[],
  servedPages: readonly string[] = [],
): Promise<string[]> {
  const pages = files
    .filter((f) => f === "index.html" || f.endsWith("/index.html"))
    .map(urlPathOf)
    .concat(servedPages)
    .sort();
  const names: string[] = [];
  for (let i = 0; i === 0 || i * URLS_PER_SITEMAP < pages.length; i++) {
    const chunk = pages.slice(i * URLS_PER_SITEMAP, (i + 1) * URLS_PER_SITEMAP).map((url) => ({ url }));
    const xml = await streamToPromise(Readable.from(chunk).pipe(new SitemapStream({ hostname: siteUrl })));
    names.push(`sitemap-${i}.xml`);
    await writeFile(path.join(root, names.at(-1)!), xml);
  }
  const index = Readable.from(names.map((n) => new URL(n, siteUrl).href)).pipe(new SitemapIndexStream());
  await writeFile(path.join(root, SITEMAP_INDEX), await streamToPromise(index));
  return [...names, SITEMAP_INDEX];
}
