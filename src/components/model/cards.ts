// Technicians, services and aspects as the cards of an entity grid (EntityGrid.astro): what each card shows and links to.
import type { Business } from "../../lib/schema/business.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import type { AspectSummary } from "./aspects.ts";

export type Card = Readonly<{
  href: string;
  name: string;
  note: string | null | undefined;
  average?: number | null;
  count: number;
  kind: "technician" | "service" | "aspect";
  id: string;
}>;

type Entity = Insights["entities"]["technicians"][number];

/** Each technician with its role, average rating and review count. */
export function technicianCards(technicians: readonly Entity[], business: Business): Card[] {
  const roles = new Map(business.technicians.map((t) => [t.id, t.role]));
  return technicians.map((t) => ({
    href: `/technicians/${t.id}/`,
    name: t.name,
    note: roles.get(t.id),
    average: t.average_rating,
    count: t.mention_count,
    kind: "technician",
    id: t.id,
  }));
}

/** Each service with its description, average rating and review count. */
export function serviceCards(services: readonly Entity[], business: Business): Card[] {
  const descriptions = new Map(business.services.map((s) => [s.id, s.description]));
  return services.map((s) => ({
    href: `/services/${s.id}/`,
    name: s.name,
    note: descriptions.get(s.id),
    average: s.average_rating,
    count: s.mention_count,
    kind: "service",
    id: s.id,
  }));
}

/** Each aspect with its description and how many reviews judge it. */
export function aspectCards(aspects: readonly AspectSummary[]): Card[] {
  return aspects.map((a) => ({
    href: `/aspects/${a.id}/`,
    name: a.label,
    note: a.description,
    count: a.mentions,
    kind: "aspect",
    id: a.id,
  }));
}
