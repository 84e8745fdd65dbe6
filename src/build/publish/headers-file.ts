// Renders the CDN `_headers` file (Netlify / Cloudflare Pages syntax) from the manifest (pure).
import type { Manifest } from "../../lib/schema/manifest.ts";

export function headersFile(manifest: Manifest): string {
  const blocks = Object.entries(manifest.files).map(([urlPath, e]) => {
    const lines = [
      urlPath,
      `  Content-Type: ${e.content_type}`,
      `  ETag: ${e.etag}`,
      `  Last-Modified: ${e.last_modified}`,
      `  Cache-Control: ${e.cache_control}`,
      "  Access-Control-Allow-Origin: *",
    ];
    if (e.link) lines.push(`  Link: ${e.link}`);
    if (e.content_security_policy) lines.push(`  Content-Security-Policy: ${e.content_security_policy}`);
    return lines.join("\n");
  });
  return `${blocks.join("\n\n")}\n`;
}
