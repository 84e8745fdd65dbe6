// GET /feed.xml: Atom feed of the 50 newest reviews (a WebSub topic).
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { atomFeed } from "../lib/feeds/atom.ts";

export const GET: APIRoute = () => {
  const site = built;
  return new Response(atomFeed(site.dataset, site.origin), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
};
