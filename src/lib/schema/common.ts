// Small shared zod building blocks: identifiers, dates, timestamps, URLs.
import { z } from "zod";

/** Catalog identifiers (technicians, services, areas): lowercase slug. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug like 'water-heaters'")
  .max(64);

/** A calendar date `YYYY-MM-DD` that exists (2024-02-30 is refused). */
export const IsoDate = z.iso.date().meta({ description: "Calendar date YYYY-MM-DD in the business's time zone" });

/** An RFC 3339 timestamp in UTC (`Z`), as every timestamp the service publishes is. */
// Whole seconds only: timestamps then share one format and compare correctly as strings.
export const Timestamp = z.iso
  .datetime({ offset: false, precision: 0 })
  .meta({ description: "RFC 3339 timestamp in UTC, whole seconds (YYYY-MM-DDTHH:MM:SSZ)" });

export const HttpUrl = z.url({ protocol: /^https?$/ });

/** Names and aliases match text after normalisation, so they must not be blank. */
export const Label = z.string().trim().min(1).max(120);
