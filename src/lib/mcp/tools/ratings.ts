// get_rating_summary: star-rating distribution, average and counts per month, for all reviews or a slice (dates, technician, service).
import { z } from "zod";
import { MENTION_MAX_LENGTH } from "../../schema/search.ts";
import { type SearchFilters } from "../../schema/search-results.ts";
import { notInCatalog } from "../../reviews/catalog-terms.ts";
import type { Snapshot } from "../snapshot.ts";
import { dateArg, textArg } from "./args.ts";
import { RatingStats, ratingStats, type Slice, sliceWhere } from "./slices.ts";
import { defineTool, fail, ok, type ToolOutcome } from "./tool.ts";

const Month = z
  .object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    count: z.int().min(0),
    average_rating: z
      .number()
      .nullable()
      .meta({ description: "Mean star rating of the month, 2 decimals; null for a month without reviews" }),
  })
  .strict();

const Args = z
  .object({
    since: dateArg().optional().meta({ description: "Reviews dated on or after this day" }),
    until: dateArg().optional().meta({ description: "Reviews dated on or before this day" }),
    technician: textArg(MENTION_MAX_LENGTH).optional().meta({ description: "Reviews mentioning this technician" }),
    service: textArg(MENTION_MAX_LENGTH).optional().meta({ description: "Reviews mentioning this service" }),
  })
  .strict()
  .superRefine(
    (a, ctx) => {
      if (a.since !== undefined && a.until !== undefined && a.since > a.until) {
        ctx.addIssue({
          code: "custom",
          path: ["since"],
          message: `expected a date on or before until (${a.until}), got "${a.since}"`,
        });
      }
    },
    { when: (payload) => !payload.issues.some((i) => i.path?.[0] === "since" || i.path?.[0] === "until") },
  );

/** Every month from the oldest to the newest review of the slice, gaps included, oldest first. */
function monthly({ index, positions }: Slice): z.output<typeof Month>[] {
  const first = positions.at(-1);
  const last = positions[0];
  if (first === undefined || last === undefined) return [];
  const sums = new Map<string, { n: number; sum: number }>();
  for (const i of positions) {
    const m = index.dates[i]!.slice(0, 7);
    const s = sums.get(m) ?? { n: 0, sum: 0 };
    s.n++;
    s.sum += index.ratings[i]!;
    sums.set(m, s);
  }
  const out = [];
  let [y, mo] = index.dates[first]!.slice(0, 7).split("-").map(Number) as [number, number];
  const end = index.dates[last]!.slice(0, 7);
  for (let guard = 0; guard < 12 * 200; guard++) {
    const month = `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}`;
    const s = sums.get(month);
    out.push({ month, count: s?.n ?? 0, average_rating: s ? Math.round((s.sum / s.n) * 100) / 100 : null });
    if (month >= end) break;
    [y, mo] = mo === 12 ? [y + 1, 1] : [y, mo + 1];
  }
  return out;
}

function mention(
  data: Snapshot,
  arg: "technician" | "service",
  input: string | undefined,
): SearchFilters["mentions_technician"] | ToolOutcome {
  if (input === undefined || input === "") return null;
  const resolved = arg === "technician" ? data.index.resolveTechnician(input) : data.index.resolveService(input);
  if (resolved !== null) return { input, resolved };
  return fail(arg, notInCatalog(arg, input, arg === "technician" ? data.business.technicians : data.business.services));
}

export const getRatingSummary = defineTool({
  name: "get_rating_summary",
  title: "Rating summary",
  description: () =>
    "Star ratings at a glance, of all reviews or a slice (dates, one technician, one service; names as in search_reviews): count, average, 1-5 distribution, first and last date, and per month (gaps included) the count and average.",
  input: Args,
  examples: (ex) => ({
    technician: ex.technicians.slice(0, 1).map((t) => t.name),
    service: ex.services.slice(0, 1).map((s) => s.id),
  }),
  output: z
    .object({
      filters: z
        .object({
          since: z.string().nullable(),
          until: z.string().nullable(),
          technician: z.string().nullable(),
          service: z.string().nullable(),
        })
        .strict()
        .meta({ description: "The slice, with technician and service as resolved catalog ids" }),
      stats: RatingStats,
      monthly: z.array(Month),
    })
    .strict(),
  run: (args, data) => {
    const technician = mention(data, "technician", args.technician);
    if (technician && "ok" in technician) return technician;
    const service = mention(data, "service", args.service);
    if (service && "ok" in service) return service;
    const reviews = sliceWhere(data.index, {
      since: args.since ?? null,
      until: args.until ?? null,
      mentions_technician: technician,
      mentions_service: service,
    });
    return ok({
      filters: {
        since: args.since ?? null,
        until: args.until ?? null,
        technician: technician?.resolved ?? null,
        service: service?.resolved ?? null,
      },
      stats: ratingStats(reviews),
      monthly: monthly(reviews),
    });
  },
});
