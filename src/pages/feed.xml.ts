// GET /feed.xml: Atom feed of the 50 newest reviews (a WebSub topic).
import type { APIRoute } from "astro";
import { buildContext } from "../build/current-context.ts";
import { atomFeed } from "../lib/feeds/atom.ts";

export const GET: APIRoute = async () => {
  const site = await buildContext().site();
  return new Response(atomFeed(site.dataset, site.origin), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
};
