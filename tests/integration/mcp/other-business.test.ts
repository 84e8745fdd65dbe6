// The tools describe the business that is loaded: on a release of another business, tools/list quotes its technicians,
// services and a real review id, and nothing of the sample business.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { build } from "../../helpers/build.ts";
import { dataDir } from "../../helpers/data-dir.ts";
import { reviewLine } from "../../helpers/dataset.ts";
import { callTool, connect, type Connected, type McpSidecar, startMcpSidecar } from "./helpers.ts";

const BUSINESS = {
  id: "northwind-electric",
  name: "Northwind Electric Co-op",
  schema_type: "Electrician",
  description: "Electricians for homes and small shops (a test business).",
  url: "https://northwind.example.org/",
  telephone: "+1-206-555-0142",
  email: "office@northwind.example.org",
  address: { street_address: "9 Pier Rd", locality: "Tacoma", region: "WA", postal_code: "98402", country: "US" },
  time_zone: "America/Los_Angeles",
  language: "en-US",
  updated_at: "2026-02-01T12:00:00Z",
  technicians: [
    { id: "priya-raman", name: "Priya Raman", aliases: ["Priya"], role: "Master electrician" },
    { id: "olaf-berg", name: "Olaf Berg", aliases: ["Olaf"], role: "Apprentice" },
  ],
  services: [
    { id: "panel-upgrade", name: "Panel upgrade", aliases: ["breaker panel", "new panel"] },
    { id: "ev-charger", name: "EV charger installation", aliases: ["car charger", "ev charger"] },
  ],
  service_areas: [{ id: "tacoma", name: "Tacoma" }],
};

const TEXTS = [
  "Priya swapped our breaker panel in one day and left the garage spotless.",
  "Olaf installed the car charger; it works, but he arrived two hours late.",
  "Priya Raman explained every step of the panel upgrade. Fair price.",
  "The EV charger installation was quick and tidy, thanks Olaf.",
];

/** The sample business's names that fixed text used to quote whatever was loaded. */
const SAMPLE_NAMES = ["Caliche", "Rosa", "Michael Torres", "r-000600", "drain-cleaning", "water-heater"];

let sc: McpSidecar;
let conn: Connected;

before(async () => {
  const reviews = Array.from({ length: 24 }, (_, i) => {
    const day = String(1 + i).padStart(2, "0");
    return reviewLine({
      id: `nw-${String(i + 1).padStart(3, "0")}`,
      published_at: `2025-11-${day}T18:00:00Z`,
      rating: 1 + (i % 5),
      text: TEXTS[i % TEXTS.length],
      verified: { method: "invoice", verified_at: `2025-11-${day}T19:00:00Z` },
    });
  });
  const data = await dataDir({
    business: JSON.stringify(BUSINESS),
    reviews: `${reviews.map((r) => JSON.stringify(r)).join("\n")}\n`,
  });
  const built = await build({ dataDir: data });
  assert.equal(built.code, 0, built.stderr);
  sc = await startMcpSidecar({}, built.distDir);
  conn = await connect(sc.mcp);
});
after(async () => {
  await conn?.close();
  await sc?.stop();
});

describe("tools/list on another business's release", () => {
  it("quotes its business, technicians, services and newest review, and none of the sample's names", async () => {
    const { tools } = await conn.client.listTools();
    const text = JSON.stringify(tools);
    for (const name of SAMPLE_NAMES) assert.ok(!text.includes(name), `tools/list mentions ${name}`);
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.match(byName.get("get_business")!.description!, /^Northwind Electric Co-op, whose reviews/);
    assert.match(byName.get("list_technicians")!.description!, /All 2 technicians .*\(Priya Raman, Olaf Berg\)/);
    assert.match(byName.get("list_services")!.description!, /\(Panel upgrade, EV charger installation\)/);
    const search = byName.get("search_reviews")!.inputSchema.properties as Record<string, { examples?: unknown[] }>;
    assert.deepEqual(search["mentions_technician"]!.examples, ["Priya Raman", "Olaf Berg"]);
    assert.deepEqual(search["mentions_service"]!.examples, ["panel-upgrade", "ev-charger"]);
    const review = byName.get("get_review")!.inputSchema.properties as Record<string, { examples?: unknown[] }>;
    assert.deepEqual(review["id"]!.examples, ["nw-024"]);
    assert.ok(JSON.stringify(tools).length < 16 * 1024);
  });

  it("the quoted examples work as arguments", async () => {
    const out = await callTool(conn.client, "search_reviews", { mentions_technician: "Priya Raman", max_rating: 3 });
    assert.ok((out["total"] as number) > 0);
    for (const r of out["reviews"] as { rating: number; mentions: { technicians: string[] } }[]) {
      assert.ok(r.rating <= 3);
      assert.ok(r.mentions.technicians.includes("priya-raman"));
    }
    const review = await callTool(conn.client, "get_review", { id: "nw-024" });
    assert.equal((review["review"] as { id: string }).id, "nw-024");
  });
});
