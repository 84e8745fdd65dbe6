// The business and its catalog (technicians, services, service areas): the input file and the published shape are the same.
import { z } from "zod";
import { foldName } from "../text/fold.ts";
import { refuseUncarriable } from "./carriable-text.ts";
import { HttpUrl, Label, Slug, TimestampInput } from "./common.ts";

const CatalogEntry = z.object({
  id: Slug,
  name: Label,
  aliases: z.array(Label).default([]).meta({ description: "Other names customers use; matched like the name" }),
});

export const Technician = CatalogEntry.extend({
  role: z.string().max(120).nullable().default(null),
}).strict();

const Service = CatalogEntry.extend({
  description: z.string().max(500).nullable().default(null),
}).strict();

const ServiceArea = CatalogEntry.extend({
  postal_codes: z.array(z.string().max(16)).default([]),
}).strict();

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** What the pages show; the data stays in /reviews.json, /insights.json and MCP whatever is chosen here. */
const Display = z
  .object({
    review_aspects: z.boolean().default(true).meta({
      description: 'Show on each review card the aspects the engine read in it ("Punctuality positive")',
    }),
    insights: z.boolean().default(true).meta({
      description: "Show the insights sections on the pages (summary, aspects, FAQ) and the aspect pages' links",
    }),
    unmentioned_entries: z.boolean().default(true).meta({
      description:
        "List in the grids the technicians and services no review mentions yet (each says so); their own pages stay",
    }),
  })
  .strict()
  .default({ review_aspects: true, insights: true, unmentioned_entries: true })
  .meta({ description: "The owner's choices of what customers see on the pages" });

export const Business = z
  .object({
    id: Slug,
    name: Label,
    schema_type: z
      .enum([
        "LocalBusiness",
        "HomeAndConstructionBusiness",
        "Plumber",
        "HVACBusiness",
        "Electrician",
        "RoofingContractor",
        "GeneralContractor",
        "HousePainter",
        "Locksmith",
        "MovingCompany",
      ])
      .meta({ description: "Most specific schema.org LocalBusiness subtype" }),
    description: z.string().min(1).max(1000),
    url: HttpUrl,
    telephone: z.string().min(3).max(32),
    booking_url: HttpUrl.nullable()
      .default(null)
      .meta({ description: "Where customers book online; the home page's action button when set" }),
    quote_url: HttpUrl.nullable()
      .default(null)
      .meta({ description: "Where customers request a quote; the action button when there is no booking_url" }),
    email: z.email().nullable().default(null),
    address: z
      .object({
        street_address: z.string().min(1),
        locality: z.string().min(1),
        region: z.string().min(1),
        postal_code: z.string().min(1),
        country: z.string().regex(/^[A-Z]{2}$/, "expected an ISO 3166-1 alpha-2 country code"),
      })
      .strict(),
    geo: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .strict()
      .nullable()
      .default(null),
    time_zone: z.string().refine(isTimeZone, "expected an IANA time zone such as 'America/Chicago'"),
    language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "expected a BCP 47 language tag"),
    price_range: z.string().max(8).nullable().default(null),
    opening_hours: z
      .array(z.string().max(64))
      .default([])
      .meta({ description: "schema.org openingHours strings, e.g. 'Mo-Fr 07:00-19:00'" }),
    updated_at: TimestampInput.meta({ description: "When the business metadata last changed" }),
    technicians: z.array(Technician),
    services: z.array(Service),
    service_areas: z.array(ServiceArea),
    display: Display,
  })
  .strict()
  .superRefine(
    (b, ctx) => {
      for (const key of CATALOG_KINDS) {
        const seen = new Set<string>();
        // A name or alias must point at one entry, or mentions would silently go to whichever came first. Compared as
        // mentions match them, case and accents aside: "José" and "Jose" are one name. (A first name shared by two
        // entries is not an error: it names neither alone.)
        const terms = new Map<string, string>();
        // Checked also when other fields failed (every problem in one build), so on whatever is well-formed.
        const entries: unknown = b[key];
        if (!Array.isArray(entries)) continue;
        entries.forEach((entry: Partial<z.output<typeof CatalogEntry>> | null, i) => {
          if (typeof entry?.id !== "string" || typeof entry.name !== "string") return;
          if (seen.has(entry.id))
            ctx.addIssue({ code: "custom", path: [key, i, "id"], message: `duplicate id '${entry.id}'` });
          seen.add(entry.id);
          const aliases = Array.isArray(entry.aliases) ? entry.aliases.filter((a) => typeof a === "string") : [];
          [entry.name, ...aliases].forEach((term, j) => {
            const owner = terms.get(foldName(term));
            if (owner !== undefined && owner !== entry.id) {
              ctx.addIssue({
                code: "custom",
                path: [key, i, j === 0 ? "name" : "aliases"],
                message: `'${term}' already names '${owner}'`,
              });
            }
            terms.set(foldName(term), entry.id!);
          });
        });
      }
    },
    { when: () => true },
  )
  .superRefine(refuseUncarriable, { when: () => true })
  .meta({ id: "Business", description: "The business, with the catalog that review mentions resolve against" });

/** business.json as written: a Business, with the "$schema" key editors find its JSON Schema by (never published). */
export const BusinessFile = z.preprocess((value) => {
  if (typeof value !== "object" || value === null || !("$schema" in value)) return value;
  const { $schema: _, ...rest } = value as Record<string, unknown>;
  return rest;
}, Business);

export type Business = z.output<typeof Business>;
export type CatalogKind = "technicians" | "services" | "service_areas";
/** The catalog's kinds, in the order every listing of them keeps. */
export const CATALOG_KINDS: readonly CatalogKind[] = ["technicians", "services", "service_areas"];
