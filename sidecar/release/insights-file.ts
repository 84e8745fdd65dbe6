// Reads a release's /insights.json once for everything the sidecar answers from it (aspect labels for search, MCP tools).
import { readFile } from "node:fs/promises";
import { releaseFile } from "./load.ts";
import type { Release } from "./release.ts";
import type { InsightsDoc } from "../../src/lib/mcp/snapshot.ts";

/** The published insights document, kept as parsed: its shape is read defensively (sidecar/mcp/data/insights-view.ts). */

/** The document, or null with the reason; a release whose insights cannot be read still serves its reviews. */
export type InsightsFile = Readonly<{ insights: InsightsDoc | null; problem: string | null }>;

export async function readInsightsFile(release: Pick<Release, "dir" | "manifest">): Promise<InsightsFile> {
  const file = releaseFile(release, "/insights.json");
  if (!file) return { insights: null, problem: "this release publishes no /insights.json" };
  try {
    const doc: unknown = JSON.parse(await readFile(file, "utf8"));
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error("not a JSON object");
    return { insights: doc as InsightsDoc, problem: null };
  } catch (err) {
    return { insights: null, problem: `/insights.json could not be read: ${(err as Error).message}` };
  }
}
