// Reads what the MCP tools need from a release's files besides the search index: the business of /reviews.json and /insights.json.
import { open, readFile } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import type { Business } from "../../../src/lib/schema/business.ts";
import type { Site } from "../../dist/site.ts";

/** The published insights document, kept as parsed: its shape is read defensively (see insights-view.ts). */
export type InsightsDoc = Readonly<Record<string, unknown>>;

export type ReleaseFiles = Readonly<{
  siteId: string;
  business: Business;
  /** null when the release has no readable /insights.json; `insightsProblem` then says why. */
  insights: InsightsDoc | null;
  insightsProblem: string | null;
}>;

/** How far into /reviews.json the business is looked for before the whole file is parsed instead. */
const PREFIX_MAX_BYTES = 4 * 2 ** 20;
const CHUNK_BYTES = 64 * 1024;

export async function readReleaseFiles(site: Site): Promise<ReleaseFiles> {
  const reviews = site.files.get("/reviews.json");
  if (!reviews) throw new Error(`release ${site.id} has no /reviews.json`);
  const business = await readBusiness(reviews.identity.file);
  const insightsFile = site.files.get("/insights.json");
  if (!insightsFile) return { siteId: site.id, business, insights: null, insightsProblem: "this release publishes no /insights.json" };
  try {
    const doc: unknown = JSON.parse(await readFile(insightsFile.identity.file, "utf8"));
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error("not a JSON object");
    return { siteId: site.id, business, insights: doc as InsightsDoc, insightsProblem: null };
  } catch (err) {
    return { siteId: site.id, business, insights: null, insightsProblem: `/insights.json could not be read: ${(err as Error).message}` };
  }
}

/**
 * The dataset puts `business` first and the (possibly huge) `reviews` array last: parse only the head when it is
 * laid out that way, the whole file otherwise.
 */
async function readBusiness(file: string): Promise<Business> {
  const head = await readHead(file);
  if (head !== null) {
    try {
      const parsed = JSON.parse(head) as { business?: unknown };
      if (isBusiness(parsed.business)) return parsed.business;
    } catch {
      // Laid out differently: fall through to the whole file.
    }
  }
  const whole = JSON.parse(await readFile(file, "utf8")) as { business?: unknown };
  if (!isBusiness(whole.business)) throw new Error(`${file} has no business object`);
  return whole.business;
}

/** The file up to its `"reviews":[` member, closed as an object with an empty reviews array; null when not found early. */
async function readHead(file: string): Promise<string | null> {
  const marker = '"reviews":[';
  const handle = await open(file, "r");
  try {
    const decoder = new StringDecoder("utf8");
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let text = "";
    for (let position = 0; position < PREFIX_MAX_BYTES; ) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) return null;
      position += bytesRead;
      const from = Math.max(0, text.length - marker.length);
      text += decoder.write(buffer.subarray(0, bytesRead));
      const at = text.indexOf(marker, from);
      if (at !== -1) return `${text.slice(0, at)}"reviews":[]}`;
    }
    return null;
  } finally {
    await handle.close();
  }
}

function isBusiness(value: unknown): value is Business {
  if (!value || typeof value !== "object") return false;
  const b = value as Record<string, unknown>;
  return typeof b["id"] === "string" && typeof b["name"] === "string" && Array.isArray(b["technicians"]) && Array.isArray(b["services"]);
}
