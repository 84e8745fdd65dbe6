// What one review talks about (technicians, service, area) drawn from the catalog, and filling phrase placeholders.
import type { Business } from "../../src/lib/schema/business.ts";
import { JOBS, NO_TECH } from "./phrases/jobs.ts";
import { styleTerm } from "./quirks.ts";
import type { Random } from "./random.ts";

/** The catalog as the generator needs it: the ways each entry can be written. */
export type Catalog = {
  company: readonly string[];
  techs: readonly { terms: readonly string[]; hvac: boolean }[];
  services: readonly { phrases: readonly string[]; hvac: boolean }[];
  areas: readonly (readonly string[])[];
};

/** What a review names; null when it names no service or area, [] when no technician. */
export type Refs = {
  techs: readonly (readonly string[])[];
  service: readonly string[] | null;
  area: readonly string[] | null;
  company: readonly string[];
};

// Heating and cooling work goes mostly to HVAC technicians, plumbing to plumbers, as it would in the real shop.
const HVAC_SERVICE = /\b(hvac|ac|a\/c|air|furnace)\b/i;

export function catalogOf(business: Business): Catalog {
  const words = business.name.split(/\s+/);
  const short = words.length > 2 ? words.slice(0, 2).join(" ") : business.name;
  return {
    // Customers mostly shorten the company name ("Caliche Creek").
    company: [business.name, short, short],
    // The first alias (the first name, by convention) counts twice: reviewers write it more than the others.
    techs: business.technicians.map((t) => ({
      terms: [t.name, ...t.aliases, ...t.aliases.slice(0, 1)],
      hvac: /hvac/i.test(t.role ?? ""),
    })),
    services: business.services.map((s) => ({
      phrases: JOBS[s.id] ?? [s.name.toLowerCase()],
      hvac: HVAC_SERVICE.test(s.name),
    })),
    areas: business.service_areas.map((a) => [a.name, a.name, ...a.aliases]),
  };
}

export function pickRefs(rng: Random, catalog: Catalog): Refs {
  const service = rng.chance(0.85) && catalog.services.length > 0 ? rng.pick(catalog.services) : null;
  const techs: (readonly string[])[] = [];
  if (rng.chance(0.75) && catalog.techs.length > 0) {
    const sameTrade = catalog.techs.filter((t) => service === null || t.hvac === service.hvac);
    const pool = sameTrade.length > 0 && rng.chance(0.85) ? sameTrade : catalog.techs;
    const first = rng.pick(pool);
    techs.push(first.terms);
    const second = rng.pick(catalog.techs);
    if (rng.chance(0.12) && second !== first) techs.push(second.terms);
  }
  const area = rng.chance(0.55) && catalog.areas.length > 0 ? rng.pick(catalog.areas) : null;
  return { techs, service: service?.phrases ?? null, area, company: catalog.company };
}

/** Whether every placeholder of `template` can be filled for this review ({tech} always can: "the tech"). */
export function fits(template: string, refs: Refs, first: string | null = null): boolean {
  return (
    (refs.techs.length > 0 || !template.includes("{techname}")) &&
    (refs.service !== null || !template.includes("{svc}")) &&
    (refs.area !== null || !template.includes("{area}")) &&
    (first !== null || !template.includes("{first}"))
  );
}

const PRICES = ["$89", "$129", "$189", "$249", "$289", "$350", "$475", "$640", "$1,250", "$2,400", "$4,800", "$7,900"];
const FEES = ["$49", "$79", "$99", "$150"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function fill(rng: Random, template: string, refs: Refs, first: string | null = null): string {
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case "tech":
      case "techname":
        return refs.techs.length > 0 ? styleTerm(rng, rng.pick(rng.pick(refs.techs))) : rng.pick(NO_TECH);
      case "svc":
        return styleTerm(rng, rng.pick(refs.service!));
      case "area":
        return styleTerm(rng, rng.pick(refs.area!));
      case "company":
        return rng.pick(refs.company);
      case "price":
        return rng.chance(0.05) ? rng.pick(PRICES).replace("$", "$\u00a0") : rng.pick(PRICES);
      case "fee":
        return rng.pick(FEES);
      case "n":
        return String(rng.int(20, 55));
      case "day":
        return rng.pick(DAYS);
      case "first":
        return first ?? "";
      default:
        throw new Error(`unknown placeholder {${key}} in "${template}"`);
    }
  });
  return out.charAt(0).toUpperCase() + out.slice(1);
}
