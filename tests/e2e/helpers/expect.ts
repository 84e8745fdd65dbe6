// What the pages should show, computed independently from the published /reviews.json, and readers of what they do show.
import type { Page } from "playwright";
import type { Review } from "../../../src/lib/schema/review.ts";

/** `1,234` -> 1234, `4.62` -> 4.62 */
export function num(text: string | null | undefined): number {
  return Number((text ?? "").replace(/[,\s]/g, ""));
}

export function mean(reviews: readonly { rating: number }[]): number | null {
  return reviews.length ? Math.round((reviews.reduce((a, r) => a + r.rating, 0) / reviews.length) * 100) / 100 : null;
}

export function distribution(reviews: readonly { rating: number }[]): Record<string, number> {
  const d: Record<string, number> = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  for (const r of reviews) d[String(r.rating)]!++;
  return d;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Review counts per period, labelled as the timeline's table labels them for its unit (its first column's heading). */
export function countsByPeriod(reviews: readonly Review[], unit: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of reviews) {
    const [y, m] = [r.date.slice(0, 4), Number(r.date.slice(5, 7))];
    const label =
      unit === "Month" ? `${MONTHS[m - 1]} ${y}` : unit === "Quarter" ? `Q${Math.floor((m - 1) / 3) + 1} ${y}` : y;
    out.set(label, (out.get(label) ?? 0) + 1);
  }
  return out;
}

export type ShownRating = { average: number | null; count: number };

/** The rating summary (stars, average, count) of the page. */
export async function shownRating(page: Page): Promise<ShownRating> {
  const average = await page.locator("[data-stat=average]").first().textContent();
  const count = await page.locator("[data-stat=count]").first().textContent();
  return { average: average === "–" ? null : num(average), count: num(count) };
}

export async function shownReviewIds(page: Page): Promise<string[]> {
  return page.locator("article.review").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset["reviewId"]!));
}

/** Rows of a chart's data table: first cell (the row's name) -> the other cells. */
export async function chartTable(
  page: Page,
  chartId: string,
): Promise<{ columns: string[]; rows: Map<string, string[]> }> {
  const figure = page.locator(`figure[data-chart="${chartId}"]`);
  const columns = await figure.locator("thead th").allTextContents();
  const rows = await figure
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  return { columns, rows: new Map(rows.map((r) => [r[0]!, r.slice(1)])) };
}

/** Every JSON-LD node of the page (top-level objects and the members of their @graph). */
export async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const doc = JSON.parse(text) as Record<string, unknown>;
    return Array.isArray(doc["@graph"]) ? (doc["@graph"] as Record<string, unknown>[]) : [doc];
  });
}
