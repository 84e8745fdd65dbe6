// What a technician's or a service's page is made of besides its own wording: its path and breadcrumbs, the statistics
// of the reviews that mention it, the sentence that sums them up, and the search that lists them all.
import { formatRating, plural } from "../../lib/charts/format.ts";
import type { Business, CatalogKind } from "../../lib/schema/business.ts";
import type { ReviewsDataset } from "../../lib/schema/dataset.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import { businessNode } from "../../lib/jsonld/business.ts";
import { breadcrumbNode, serviceNode, technicianNode } from "../../lib/jsonld/entities.ts";
import { graph } from "../../lib/jsonld/script.ts";
import { aspectLabel, catalogNames } from "./catalog.ts";
import { entityStats } from "./entities.ts";
import { reviewGroups } from "./review-groups.ts";

/** The catalog entries with a page of their own. */
export type PagedKind = Extract<CatalogKind, "technicians" | "services">;

const KINDS = {
  technicians: { heading: "Technicians", filter: "mentions_technician" },
  services: { heading: "Services", filter: "mentions_service" },
} as const;

/** `spoken` is the entry's name as a sentence says it (a service's in lower case). */
export function catalogPage<K extends PagedKind>(
  data: Readonly<{ dataset: ReviewsDataset; insights: Insights; origin: string }>,
  kind: K,
  entry: Business[K][number],
  spoken: string,
) {
  const { business } = data.dataset;
  const names = catalogNames(business, data.insights);
  const stats = entityStats(reviewGroups(data.dataset.reviews).entry(kind, entry.id), (id) => aspectLabel(names, id));
  const path = `/${kind}/${entry.id}/`;
  const crumbs = [
    { name: "Home", path: "/" },
    { name: KINDS[kind].heading, path: `/${kind}/` },
    { name: entry.name, path },
  ];
  const { origin } = data;
  // The entry's own node: a technician is a Person, a service a Service of the business.
  const node =
    kind === "technicians"
      ? technicianNode(origin, entry as Business["technicians"][number])
      : serviceNode(origin, entry as Business["services"][number], business);
  const summary =
    stats.rating.average === null
      ? `No reviews mention ${spoken} yet.`
      : `${plural(stats.rating.count, "review")} of ${business.name} mention ${spoken}, averaging ${formatRating(stats.rating.average)} out of 5.`;
  return {
    path,
    crumbs,
    names,
    stats,
    /** How many reviews mention the entry and their average, or that none does yet. */
    summary,
    searchHref: `/search/?${KINDS[kind].filter}=${encodeURIComponent(entry.id)}`,
    jsonLd: graph([node, businessNode({ origin, business }), breadcrumbNode(origin, crumbs)]),
  };
}
