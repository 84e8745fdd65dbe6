// The analyser a business's build uses: the default taxonomy, with the catalog's names kept from reading as cues.
import type { Business } from "../schema/business.ts";
import { type Analyzer, createAnalyzer } from "./engine/analyze.ts";

export function analyzerFor(business: Business, options: { taxonomy?: Analyzer["taxonomy"] } = {}): Analyzer {
  const names = [...business.technicians, ...business.services, ...business.service_areas].flatMap((e) => [
    e.name,
    ...e.aliases,
  ]);
  return createAnalyzer({ ...options, names });
}
