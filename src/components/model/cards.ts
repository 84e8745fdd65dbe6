// Technicians, services and aspects as the cards of an entity grid (EntityGrid.astro): what each card shows and links to.
import type { Business } from "../../lib/schema/business.ts";
import type { Insights } from "../../lib/schema/insights.ts";
import type { AspectSummary } from "./aspects.ts";
import type { PagedKind } from "./catalog-page.ts";

export type Card = Readonly<{
  href: string;
  name: string;
  note: string | null | undefined;
  average?: number | null;
  count: number;
  /** What the card says instead of "0 reviews": a count of zero reads as a verdict, when nobody has spoken yet. */
  none: string;
  kind: "technician" | "service" | "aspect";
  id: string;
}>;

type Entity = Insights["entities"]["technicians"][number];

/**
 * Each technician (with its role) or service (with its description), with its average rating and review count; those
 * no review mentions left out when the owner asks for it (`display.unmentioned_entries: false`).
 */
export function catalogCards(kind: PagedKind, entities: readonly Entity[], business: Business): Card[] {
  const notes = new Map<string, string | null | undefined>(
    kind === "technicians"
      ? business.technicians.map((t) => [t.id, t.role])
      : business.services.map((s) => [s.id, s.description]),
  );
  const shown = !business.display.unmentioned_entries ? entities.filter((e) => e.mention_count > 0) : entities;
  return shown.map((e) => ({
    href: `/${kind}/${e.id}/`,
    name: e.name,
    note: notes.get(e.id),
    average: e.average_rating,
    count: e.mention_count,
    // A person by their name; a service as a sentence says it ("drain cleaning").
    none: `No reviews mention ${kind === "technicians" ? e.name : e.name.toLowerCase()} yet`,
    kind: kind === "technicians" ? "technician" : "service",
    id: e.id,
  }));
}

/** Each aspect with its description and how many reviews judge it. */
export function aspectCards(aspects: readonly AspectSummary[]): Card[] {
  return aspects.map((a) => ({
    href: `/aspects/${a.id}/`,
    name: a.label,
    note: a.description,
    count: a.mentions,
    none: `No reviews talk about ${a.label.toLowerCase()} yet`,
    kind: "aspect",
    id: a.id,
  }));
}
