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

/**
 * A timestamp as sources write it: RFC 3339 with any UTC offset and fractional seconds, normalised to the published
 * form (UTC, whole seconds; the fraction is dropped).
 */
export const TimestampInput = z
  .string()
  .check(
    z.iso.datetime({
      offset: true,
      error:
        "expected an RFC 3339 timestamp such as 2024-05-01T14:30:00Z (a UTC offset such as -05:00 and fractional seconds are accepted)",
    }),
  )
  .transform((s) => new Date(s).toISOString().slice(0, 19) + "Z")
  .pipe(Timestamp)
  .meta({ description: "RFC 3339 timestamp; any offset and fractional seconds accepted, stored in UTC whole seconds" });

export const HttpUrl = z.url({ protocol: /^https?$/ });

/** Names and aliases match text after normalisation, so they must not be blank. */
export const Label = z.string().trim().min(1).max(120);
