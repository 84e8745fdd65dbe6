// Prompts that turn the reviews into a brief for a model (feedback about a technician, an aspect, a service; a reply to a review), and completions for their arguments.
import type { PromptArgument } from "@modelcontextprotocol/server";
import type { Review } from "../../src/lib/schema/review.ts";
import { normalizeText } from "../../src/lib/text/normalize.ts";
import { aspectsOf, findByIdOrLabel, num, text } from "../../src/lib/mcp/insights-view.ts";
import type { Snapshot } from "../../src/lib/mcp/snapshot.ts";
import { invalidParams } from "./rpc.ts";
import { newest, ratingStats, type Slice, sliceOf, sliceWhere } from "../../src/lib/mcp/tools/slices.ts";

type Argument = PromptArgument & Readonly<{ complete?: (data: Snapshot) => string[] }>;

type Prompt = Readonly<{
  name: string;
  title: string;
  description: string;
  arguments: readonly Argument[];
  render: (args: Readonly<Record<string, string>>, data: Snapshot) => string;
}>;

/** Reviews quoted in a prompt: enough to see patterns, few enough for any model's context. */
const QUOTED = 30;
const QUOTE_CHARS = 600;

const technicianNames = (d: Snapshot) => d.business.technicians.flatMap((t) => [t.name, t.id]);
const serviceNames = (d: Snapshot) => d.business.services.flatMap((s) => [s.name, s.id]);
const aspectNames = (d: Snapshot) =>
  aspectsOf(d.insights).flatMap((a) => [text(a["id"]), text(a["label"])].filter((x): x is string => x !== null));
const recentIds = (d: Snapshot) => d.index.ids.slice(0, 1000);

function quote(r: Review, evidence?: string): string {
  const body = evidence ?? r.text ?? "(rating only, no text)";
  const cut = body.length > QUOTE_CHARS ? `${body.slice(0, QUOTE_CHARS - 1)}…` : body;
  return `- ${r.id} · ${r.date} · ${r.rating}/5 · ${cut.replace(/\s+/g, " ")}`;
}

function statsLine(reviews: Slice): string {
  const s = ratingStats(reviews);
  const dist = [5, 4, 3, 2, 1].map((k) => `${k}★ ${s.distribution[String(k) as "1"]}`).join(", ");
  return `${s.count} reviews${s.average === null ? "" : `, average ${s.average.toFixed(2)} out of 5`} (${dist})${s.first_date ? `, from ${s.first_date} to ${s.last_date}` : ""}.`;
}

const INSTRUCTIONS =
  "Base every statement on the reviews quoted below and cite review ids in brackets. Separate praise from complaints, name recurring themes with how often they come up, note any change over time, and say plainly when the evidence is thin. Do not invent details.";

/** A brief from the newest reviews that mention someone or something (`ask` says what to summarise). */
function mentionBrief(ask: string, mentioning: string, reviews: Slice): string {
  return [
    `${ask} ${INSTRUCTIONS}`,
    `Reviews mentioning ${mentioning}: ${statsLine(reviews)}`,
    `The ${Math.min(QUOTED, reviews.positions.length)} newest:`,
    ...newest(reviews, QUOTED).map((r) => quote(r)),
  ].join("\n");
}

const invalid = (arg: string, message: string) => invalidParams(`${arg}: ${message}`);

const unknown = (arg: string, input: string | undefined, known: string) =>
  invalid(arg, `no ${arg} is called ${JSON.stringify(input)}; known: ${known}`);

const PROMPTS: readonly Prompt[] = [
  {
    name: "technician_feedback",
    title: "Feedback about a technician",
    description: "Summarise what customers say about one technician, from the newest reviews that mention them.",
    arguments: [
      { name: "technician", description: "Technician name, alias or id", required: true, complete: technicianNames },
      {
        name: "since",
        description: "Only reviews dated on or after this date (YYYY-MM-DD); default: the newest reviews",
        required: false,
      },
    ],
    render: (args, data) => {
      const id = data.index.resolveTechnician(args["technician"]!);
      const t = data.business.technicians.find((x) => x.id === id);
      if (!t) throw unknown("technician", args["technician"], data.business.technicians.map((x) => x.name).join(", "));
      const since = args["since"];
      if (since !== undefined && since !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(since))
        throw invalid("since", `expected a date YYYY-MM-DD, got ${JSON.stringify(since)}`);
      const reviews = sliceWhere(data.index, {
        mentions_technician: { input: t.id, resolved: t.id },
        since: since || null,
      });
      return mentionBrief(
        `Summarise recent customer feedback about ${t.name}${t.role ? ` (${t.role})` : ""} at ${data.business.name}.`,
        `${t.name}${since ? ` since ${since}` : ""}`,
        reviews,
      );
    },
  },
  {
    name: "aspect_feedback",
    title: "Feedback about an aspect",
    description: "Summarise what customers say about one aspect of the service, from the clauses that judge it.",
    arguments: [
      {
        name: "aspect",
        description: "Aspect id or label; completion offers this release's",
        required: true,
        complete: aspectNames,
      },
    ],
    render: (args, data) => {
      const aspects = aspectsOf(data.insights);
      const aspect = findByIdOrLabel(aspects, args["aspect"]!);
      if (!aspect) {
        const known = aspects.map((a) => text(a["id"])).join(", ");
        throw unknown("aspect", args["aspect"], known || "none (no insights in this release)");
      }
      const id = text(aspect["id"])!;
      const label = text(aspect["label"]) ?? id;
      const bits = data.index.byAspect.get(id);
      const judged = bits ? sliceOf(data.index, bits.any) : { index: data.index, positions: [] };
      const counts = aspect["counts"] as Record<string, unknown> | undefined;
      const figures = counts
        ? ` Insights: ${num(counts["positive"]) ?? "?"} positive, ${num(counts["neutral"]) ?? "?"} neutral, ${num(counts["negative"]) ?? "?"} negative mentions.`
        : "";
      return [
        `Summarise what customers of ${data.business.name} say about ${label.toLowerCase()}${text(aspect["description"]) ? ` (${text(aspect["description"])})` : ""}. ${INSTRUCTIONS}`,
        `Reviews judging ${label.toLowerCase()}: ${statsLine(judged)}${figures}`,
        `The ${Math.min(QUOTED, judged.positions.length)} newest, with the clause that judges it:`,
        ...newest(judged, QUOTED).map((r) => {
          const a = r.aspects.find((x) => x.aspect === id)!;
          return `${quote(r, a.evidence)} (${a.sentiment})`;
        }),
      ].join("\n");
    },
  },
  {
    name: "service_feedback",
    title: "Feedback about a service",
    description:
      "Summarise what customers say about one service (e.g. drain cleaning), from the newest reviews that mention it.",
    arguments: [{ name: "service", description: "Service name, alias or id", required: true, complete: serviceNames }],
    render: (args, data) => {
      const id = data.index.resolveService(args["service"]!);
      const s = data.business.services.find((x) => x.id === id);
      if (!s) throw unknown("service", args["service"], data.business.services.map((x) => x.name).join(", "));
      const reviews = sliceWhere(data.index, { mentions_service: { input: s.id, resolved: s.id } });
      const name = s.name.toLowerCase();
      return mentionBrief(`Summarise customer feedback about ${data.business.name}'s ${name} service.`, name, reviews);
    },
  },
  {
    name: "reply_to_review",
    title: "Draft an owner reply",
    description: "Draft a short, specific reply from the business owner to one review.",
    arguments: [
      {
        name: "review_id",
        description: "Review id; completion offers recent ones",
        required: true,
        complete: recentIds,
      },
    ],
    render: (args, data) => {
      const r = data.reviewById(args["review_id"]!);
      if (!r) throw invalid("review_id", `no review has id ${JSON.stringify(args["review_id"])}`);
      return [
        `Draft a reply from ${data.business.name} to the review below, in ${r.language}. Thank the customer by name, respond to the specific points they raise (apologise and offer a concrete next step for any complaint, without admitting liability or promising refunds), keep it under 80 words, and sign as the ${data.business.name} team. Contact: ${data.business.telephone}.`,
        `Review ${r.id} by ${r.author.name}, ${r.date}, ${r.rating}/5${r.title ? `, "${r.title}"` : ""}:`,
        r.text ?? "(rating only, no text)",
        ...(r.owner_reply
          ? [
              `The business already replied on ${r.owner_reply.date}: ${r.owner_reply.text}`,
              "Draft a follow-up only if something is left unanswered.",
            ]
          : []),
      ].join("\n");
    },
  },
];

const byName = new Map(PROMPTS.map((p) => [p.name, p]));

export function listPrompts() {
  return PROMPTS.map(({ render, ...p }) => ({ ...p, arguments: p.arguments.map(({ complete, ...a }) => a) }));
}

export function getPrompt(name: string, args: Readonly<Record<string, string>> | undefined, data: Snapshot) {
  const prompt = byName.get(name);
  if (!prompt)
    throw invalidParams(
      `Unknown prompt: ${name}. prompts/list names the prompts: ${PROMPTS.map((p) => p.name).join(", ")}`,
    );
  const given = args ?? {};
  for (const a of prompt.arguments) if (a.required && !given[a.name]?.trim()) throw invalid(a.name, "required");
  const unknown = Object.keys(given).filter((k) => !prompt.arguments.some((a) => a.name === k));
  if (unknown.length)
    throw invalid(
      unknown[0]!,
      `unknown argument; ${prompt.name} takes ${prompt.arguments.map((a) => a.name).join(", ")}`,
    );
  const trimmed = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v.trim()]));
  return {
    description: prompt.description,
    messages: [{ role: "user" as const, content: { type: "text" as const, text: prompt.render(trimmed, data) } }],
  };
}

/** Completion values answer at most this many (the protocol's limit). */
const MAX_VALUES = 100;

/** Candidates that start with `value` (or contain it, after them), normalised like search; `total` counts all matches. */
export function completeFrom(candidates: readonly string[], value: string) {
  const want = normalizeText(value);
  const seen = new Set<string>();
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const c of candidates) {
    if (seen.has(c)) continue;
    seen.add(c);
    const n = normalizeText(c);
    if (n.startsWith(want)) prefix.push(c);
    else if (want && n.includes(want)) inner.push(c);
  }
  const all = [...prefix, ...inner];
  return { completion: { values: all.slice(0, MAX_VALUES), total: all.length, hasMore: all.length > MAX_VALUES } };
}

export function completePromptArgument(promptName: string, argument: string, value: string, data: Snapshot) {
  const prompt = byName.get(promptName);
  if (!prompt) throw invalidParams(`Unknown prompt: ${promptName}`);
  const arg = prompt.arguments.find((a) => a.name === argument);
  if (!arg) throw invalidParams(`${promptName} has no argument ${argument}`);
  return completeFrom(arg.complete ? arg.complete(data) : [], value);
}
