// GET /feed.xml: Atom feed of the 50 newest reviews (a WebSub topic).
import type { APIRoute } from "astro";
import { loadSite } from "../build/site.ts";
import { atomFeed } from "../lib/feeds/atom.ts";

export const GET: APIRoute = async () => {
  const site = await loadSite();
  return new Response(atomFeed(site.dataset, site.origin), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
};
