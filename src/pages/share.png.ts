// GET /share.png: the picture of a shared link (og:image), drawn from the business's name and rating at build time.
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { shareImagePng } from "../components/model/share-image.ts";

export const GET: APIRoute = () => {
  const { business, aggregate_rating: rating } = built.dataset;
  return new Response(shareImagePng(business.name, rating), { headers: { "Content-Type": "image/png" } });
};
