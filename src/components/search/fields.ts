// The search form's fields, derived from the search endpoint's parameters in the OpenAPI document, so a new filter shows up by itself.
import type { Business } from "../../lib/schema/business.ts";
import type { Insights } from "../../lib/schema/insights.ts";

export type Option = Readonly<{ value: string; label: string }>;

export type SearchField = Readonly<{
  name: string;
  label: string;
  help: string | null;
  control: "select" | "number" | "date" | "text";
  options: readonly Option[];
  min: number | null;
  max: number | null;
  step: string | null;
  /** The API's default, shown as the placeholder and left out of the URL. */
  defaultValue: string | null;
  wide: boolean;
}>;

type Parameter = { name: string; in: string; description?: string; schema?: Record<string, unknown> };

/** Wording for the parameters people use most; any other parameter gets its name and the API's description. */
const WORDING: Record<string, { label: string; help?: string }> = {
  query: { label: "Text contains", help: "Words or a phrase from the review text; not case-sensitive." },
  rating: { label: "Exact rating" },
  min_rating: { label: "Minimum rating", help: "3.5 finds 4 and 5 stars." },
  max_rating: { label: "Maximum rating", help: "2 finds 1 and 2 stars." },
  since: { label: "From date" },
  until: { label: "To date" },
  mentions_technician: { label: "Technician" },
  mentions_service: { label: "Service" },
  aspect: { label: "Aspect" },
  aspect_sentiment: { label: "Aspect sentiment", help: "With an aspect: reviews that judge it this way." },
  sentiment: { label: "Sentiment", help: "The review as a whole." },
  limit: { label: "Results at a time" },
};

/** Paging is the page's job ("Show more"), not a filter. */
const NOT_FIELDS = new Set(["cursor"]);

export function searchFields(parameters: readonly Parameter[], business: Business, insights: Insights): SearchField[] {
  return parameters
    .filter((p) => p.in === "query" && !NOT_FIELDS.has(p.name))
    .map((p) => {
      const schema = p.schema ?? {};
      const wording = WORDING[p.name];
      const options = optionsFor(p.name, schema, business, insights);
      const numeric = schema["type"] === "integer" || schema["type"] === "number";
      const control =
        options.length > 0 ? "select" : numeric ? "number" : schema["format"] === "date" ? "date" : "text";
      const def = schema["default"];
      return {
        name: p.name,
        label: wording?.label ?? humanise(p.name),
        help: wording ? (wording.help ?? null) : (p.description ?? null),
        control,
        options,
        min: typeof schema["minimum"] === "number" ? schema["minimum"] : null,
        max: typeof schema["maximum"] === "number" ? schema["maximum"] : null,
        step: schema["type"] === "integer" ? "1" : numeric ? "any" : null,
        defaultValue: def === undefined ? null : String(def),
        wide: p.name === "query",
      };
    });
}

function optionsFor(name: string, schema: Record<string, unknown>, business: Business, insights: Insights): Option[] {
  if (name === "mentions_technician") return business.technicians.map((t) => ({ value: t.id, label: t.name }));
  if (name === "mentions_service") return business.services.map((s) => ({ value: s.id, label: s.name }));
  if (name === "aspect") return insights.aspects.map((a) => ({ value: a.id, label: a.label }));
  if (name === "rating" && schema["type"] === "integer") {
    const [min, max] = [Number(schema["minimum"] ?? 1), Number(schema["maximum"] ?? 5)];
    return Array.from({ length: max - min + 1 }, (_, i) => max - i).map((r) => ({
      value: String(r),
      label: `${r} star${r === 1 ? "" : "s"}`,
    }));
  }
  if (Array.isArray(schema["enum"]))
    return schema["enum"].map((v) => ({ value: String(v), label: humanise(String(v)) }));
  return [];
}

function humanise(name: string): string {
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
