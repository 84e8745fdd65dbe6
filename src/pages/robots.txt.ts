// GET /robots.txt: everything may be crawled; the sitemap is named with its absolute URL (it depends on SITE_URL).
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";

export const GET: APIRoute = () => {
  const { origin } = built;
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${new URL("/sitemap-index.xml", origin).href}`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
