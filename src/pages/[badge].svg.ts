// GET /badge.svg and /badge-dark.svg: the rating badge for the business's own site, from the dataset's aggregate rating.
import type { APIRoute, GetStaticPaths } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { badgeSvg, type BadgeTheme } from "../lib/html/badge.ts";

export const getStaticPaths = (() => [
  { params: { badge: "badge" }, props: { theme: "light" } },
  { params: { badge: "badge-dark" }, props: { theme: "dark" } },
]) satisfies GetStaticPaths;

export const GET: APIRoute<{ theme: BadgeTheme }> = ({ props }) => {
  const { dataset } = built;
  const svg = badgeSvg(dataset.aggregate_rating, dataset.business.name, props.theme);
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml" } });
};
