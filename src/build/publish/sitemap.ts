// sitemap-index.xml and its sitemaps, written from the release's files: every HTML page is listed, and the review
// pages the sidecar renders (which Astro never sees, so its sitemap integration cannot), in sitemaps of their own.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { esc } from "../../lib/charts/svg.ts";
import { urlPathOf } from "./manifest.ts";

const SITEMAP_INDEX = "sitemap-index.xml";
/** The sitemap protocol allows 50,000 URLs a file. */
const URLS_PER_SITEMAP = 45_000;
const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Writes the sitemaps of the pages among `files` (release-relative paths) and of `servedPages` (URL paths of pages the
 * sidecar renders, oldest first: a new review then changes only the last of their sitemaps, and the others keep their
 * bytes and the previous release's compressed forms) into `root`; returns the files written.
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
    .sort();
  const sitemaps = [...chunks("sitemap", pages, true), ...chunks("sitemap-reviews", servedPages, false)];
  for (const [name, urls] of sitemaps) await writeFile(path.join(root, name), urlSet(siteUrl, urls));
  const names = sitemaps.map(([name]) => name);
  const entries = names.map((n) => `<sitemap><loc>${esc(new URL(n, siteUrl).href)}</loc></sitemap>`);
  await writeFile(path.join(root, SITEMAP_INDEX), `${XML}<sitemapindex ${NS}>${entries.join("")}</sitemapindex>`);
  return [...names, SITEMAP_INDEX];
}

function chunks(prefix: string, urls: readonly string[], evenIfEmpty: boolean): [string, readonly string[]][] {
  const out: [string, readonly string[]][] = [];
  for (let i = 0; (i === 0 && evenIfEmpty) || i * URLS_PER_SITEMAP < urls.length; i++)
    out.push([`${prefix}-${i}.xml`, urls.slice(i * URLS_PER_SITEMAP, (i + 1) * URLS_PER_SITEMAP)]);
  return out;
}

/** `paths` are URL paths as published (no character to encode): joined to the origin, not parsed, 100,000 of them. */
function urlSet(siteUrl: string, paths: readonly string[]): string {
  const origin = esc(new URL(siteUrl).origin);
  const urls = paths.map((p) => `<url><loc>${origin}${esc(p)}</loc></url>`);
  return `${XML}<urlset ${NS}>${urls.join("")}</urlset>`;
}
