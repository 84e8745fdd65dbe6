// Content-Type and Cache-Control of a published file, by its URL path.

const BY_EXTENSION: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const BY_PATH: Record<string, string> = {
  "/feed.xml": "application/atom+xml; charset=utf-8",
  "/.well-known/ai-catalog.json": "application/ai-catalog+json",
};

/** Text-like types worth precompressing. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

export function contentTypeOf(urlPath: string): string {
  const ext = urlPath.endsWith("/") ? ".html" : urlPath.slice(urlPath.lastIndexOf(".")).toLowerCase();
  return BY_PATH[urlPath] ?? BY_EXTENSION[ext] ?? "application/octet-stream";
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** Astro's hashed assets never change under their name; everything else changes with the data. */
export function cacheControlOf(urlPath: string): string {
  return urlPath.startsWith("/_astro/")
    ? "public, max-age=31536000, immutable"
    : "public, max-age=300, stale-while-revalidate=3600";
}
