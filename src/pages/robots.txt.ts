// GET /robots.txt: everything may be crawled; the sitemap is named with its absolute URL (it depends on SITE_URL).
import type { APIRoute } from "astro";
import { buildContext } from "../build/current-context.ts";

export const GET: APIRoute = async () => {
  const { origin } = await buildContext().site();
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${new URL("/sitemap-index.xml", origin).href}`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
