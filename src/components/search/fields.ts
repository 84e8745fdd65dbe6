// The search form's fields, derived from the search endpoint's parameters in the OpenAPI document, so a new filter shows
// up by itself (behind "More filters": the text box and the star choice are the ones people reach for first).
import type { Business } from "../../lib/schema/business.ts";
import type { Insights } from "../../lib/schema/insights.ts";

type Option = Readonly<{ value: string; label: string }>;

export type SearchField = Readonly<{
  name: string;
  label: string;
  help: string | null;
  control: "select" | "number" | "date" | "text" | "stars";
  options: readonly Option[];
  min: number | null;
  max: number | null;
  step: string | null;
  /** The API's default, shown as the placeholder and left out of the URL. */
  defaultValue: string | null;
  wide: boolean;
  /** Shown first, or folded under "More filters". */
  primary: boolean;
}>;

type Parameter = { name: string; in: string; description?: string; schema?: Record<string, unknown> };

/** Wording for the parameters people use most; any other parameter gets its name and the API's description. */
const WORDING: Record<string, { label: string; help?: string }> = {
  query: { label: "Words in the review" },
  rating: { label: "Exact rating" },
  min_rating: { label: "Rating" },
  max_rating: { label: "Maximum rating", help: "2 finds 1 and 2 stars." },
  since: { label: "From date" },
  until: { label: "To date" },
  mentions_technician: { label: "Technician" },
  mentions_service: { label: "Service" },
  aspect: { label: "Aspect" },
  aspect_sentiment: { label: "Aspect sentiment", help: "With an aspect: reviews that judge it this way." },
  sentiment: { label: "Sentiment", help: "The review as a whole." },
  limit: { label: "Results per page" },
};

/** The filters in view before "More filters", in this order. */
const PRIMARY = ["query", "min_rating"];

/** Paging is the page's job ("Show more"), not a filter. */
const NOT_FIELDS = new Set(["cursor"]);

export function searchFields(parameters: readonly Parameter[], business: Business, insights: Insights): SearchField[] {
  const fields = parameters
    .filter((p) => p.in === "query" && !NOT_FIELDS.has(p.name))
    .map((p): SearchField => {
      const schema = p.schema ?? {};
      const wording = WORDING[p.name];
      const options = optionsFor(p.name, schema, business, insights);
      const numeric = schema["type"] === "integer" || schema["type"] === "number";
      const control =
        p.name === "min_rating"
          ? "stars"
          : options.length > 0
            ? "select"
            : numeric
              ? "number"
              : schema["format"] === "date"
                ? "date"
                : "text";
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
        defaultValue:
          typeof def === "string" || typeof def === "number" || typeof def === "boolean" ? String(def) : null,
        wide: p.name === "query",
        primary: PRIMARY.includes(p.name),
      };
    });
  const rank = (f: SearchField) => (f.primary ? PRIMARY.indexOf(f.name) : PRIMARY.length);
  return fields.sort((a, b) => rank(a) - rank(b));
}

function optionsFor(name: string, schema: Record<string, unknown>, business: Business, insights: Insights): Option[] {
  if (name === "mentions_technician") return business.technicians.map((t) => ({ value: t.id, label: t.name }));
  if (name === "mentions_service") return business.services.map((s) => ({ value: s.id, label: s.name }));
  if (name === "aspect") return insights.aspects.map((a) => ({ value: a.id, label: a.label }));
  if (name === "min_rating") {
    // Whole stars from the top down; the lowest minimum is every review, which "Any" already says.
    const [min, max] = [Math.ceil(Number(schema["minimum"] ?? 1)), Math.floor(Number(schema["maximum"] ?? 5))];
    return Array.from({ length: max - min }, (_, i) => max - i).map((r) => ({
      value: String(r),
      label: r === max ? `${r} stars` : `${r} stars & up`,
    }));
  }
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
