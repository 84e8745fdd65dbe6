// The `_redirects` file of a static export (pure): the sidecar's paths proxied to its origin, in Netlify's syntax.

/**
 * Paths only the sidecar answers (its routes in sidecar/app.ts: search, since and changes; the hub; MCP; health and
 * status). Every other path is a static file of the release.
 */
// A review's page is the sidecar's; the archive pages under /reviews/ are files, which a static host serves before any
// rule that does not force (status 200 without "!").
export const SIDECAR_PATHS = [
  "/api/reviews/*",
  "/api/websub/hub",
  "/mcp",
  "/healthz",
  "/api/status",
  "/reviews/:id/",
] as const;

/**
 * The origin the sidecar is reached at, from `--sidecar-origin`: an absolute http(s) URL without path, query or
 * credentials. `siteOrigin` is the release's own origin, refused as a target (the host would proxy to itself).
 */
export function parseSidecarOrigin(value: string, siteOrigin: string): string {
  const url = URL.parse(value);
  if (!url)
    throw new Error(
      `--sidecar-origin: expected an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(value)}`,
    );
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`--sidecar-origin: expected an http or https URL, got the scheme ${JSON.stringify(url.protocol)}`);
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    throw new Error(`--sidecar-origin: expected an origin only (scheme, host, port), got ${JSON.stringify(value)}`);
  if (url.origin === new URL(siteOrigin).origin)
    throw new Error(
      `--sidecar-origin: ${url.origin} is the release's own SITE_URL: the static host would proxy to itself; give the sidecar's own origin`,
    );
  return url.origin;
}

/**
 * One rule per sidecar path, rewriting with status 200 (a proxy: the address bar keeps the static host's URL; Netlify
 * passes the query string on). A splat rule keeps the rest of the path with `:splat`.
 */
export function redirectsFile(sidecarOrigin: string): string {
  const rules = SIDECAR_PATHS.map((p) => {
    const target = p.endsWith("/*") ? `${sidecarOrigin}${p.slice(0, -1)}:splat` : `${sidecarOrigin}${p}`;
    return `${p}  ${target}  200`;
  });
  return `# The sidecar's paths, proxied to it; every other path is a static file.\n${rules.join("\n")}\n`;
}
