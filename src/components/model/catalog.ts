// Id -> display name of everything a review can mention, for the pages (defined in src/lib, which the sidecar shares).
import type { Business } from "../../lib/schema/business.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import { type CatalogNames, catalogNames as namesOf } from "../../lib/reviews/catalog-names.ts";

export { aspectLabel, type CatalogNames } from "../../lib/reviews/catalog-names.ts";

export function catalogNames(business: Business, insights: Insights): CatalogNames {
  return namesOf(business, insights.aspects);
}
