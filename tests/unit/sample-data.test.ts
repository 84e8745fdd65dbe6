// The sample-data generator: reproducible bytes, valid records, the variety users rely on; and the loader's error lines.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { parseCli, UsageError } from "../../scripts/sample-data/args.ts";
import { reviewLines } from "../../scripts/sample-data/generate.ts";
import { CONTEXT, CONTRASTS, GENERAL, OPENERS } from "../../scripts/sample-data/phrases/framing.ts";
import { JOBS } from "../../scripts/sample-data/phrases/jobs.ts";
import { NEGATIVE } from "../../scripts/sample-data/phrases/negative.ts";
import { POSITIVE } from "../../scripts/sample-data/phrases/positive.ts";
import { styleTerm } from "../../scripts/sample-data/quirks.ts";
import { Random } from "../../scripts/sample-data/random.ts";
import { DataError, readSource, type Source } from "../../src/build/source.ts";
import { buildDataset } from "../../src/lib/reviews/dataset.ts";
import { mentionMatcher } from "../../src/lib/reviews/mentions.ts";
import { BusinessFile } from "../../src/lib/schema/business.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { normalizeText } from "../../src/lib/text/normalize.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DATA = path.join(ROOT, "data");
const CLI = path.join(ROOT, "scripts", "generate-sample-data.ts");
const business = BusinessFile.parse(JSON.parse(await readFile(path.join(DATA, "business.json"), "utf8")));
const match = mentionMatcher(business);
const generate = (count: number, seed: number) => [...reviewLines(business, { count, seed })].join("");
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: "utf8" });

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sample-data-"));
  temps.push(dir);
  return dir;
}
after(() => Promise.all(temps.map((d) => rm(d, { recursive: true, force: true }))));

/** A data dir holding the committed business.json and the given reviews.jsonl text. */
async function dataDir(reviews: string, businessText?: string): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, "business.json"), businessText ?? (await readFile(path.join(DATA, "business.json"))));
  await writeFile(path.join(dir, "reviews.jsonl"), reviews);
  return dir;
}

describe("generator output", () => {
  it("is the same bytes for the same seed and count, and different for another seed", () => {
    const a = generate(300, 7);
    assert.equal(a, generate(300, 7));
    assert.notEqual(a, generate(300, 8));
    assert.equal(a.split("\n").length, 301, "300 lines, each ending in a newline");
  });

  it("numbers ids in publication order", () => {
    const reviews = generate(500, 3)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.deepEqual(reviews.map((r) => r.id).slice(0, 2), ["r-000001", "r-000002"]);
    for (let i = 1; i < reviews.length; i++) assert.ok(reviews[i].published_at >= reviews[i - 1].published_at);
    assert.equal(new Set(reviews.map((r) => r.id)).size, reviews.length);
  });

  it("writes only lines the loader accepts", async () => {
    const source = readSource(await dataDir(generate(3000, 42)));
    assert.equal(source.reviews.length, 3000);
  });
});

describe("the command line", () => {
  it("reproduces the committed data set with its defaults, and makes --out a complete data dir", async () => {
    const out = await tempDir();
    const run = cli("--out", out);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(
      (await readFile(path.join(DATA, "reviews.jsonl"))).equals(await readFile(path.join(out, "reviews.jsonl"))),
      "data/reviews.jsonl drifted from the generator: run `npm run generate -- --count 600 --seed 1 --out data` and commit the result",
    );
    assert.ok(
      (await readFile(path.join(DATA, "business.json"))).equals(await readFile(path.join(out, "business.json"))),
    );
  });

  it("refuses bad options with a clear message and exit status 2", () => {
    const run = cli("--count", "x");
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--count must be a whole number from 1 to 1000000, got "x"/);
    assert.match(run.stderr, /Usage:/);
  });

  it("checks every option up front", () => {
    assert.deepEqual(parseCli([]), { count: 600, seed: 1, out: "data" });
    assert.deepEqual(parseCli(["--count=5", "--seed", "0", "--out", "x"]), { count: 5, seed: 0, out: "x" });
    assert.equal(parseCli(["--help"]), "help");
    for (const [args, message] of [
      [["--count", "0"], /--count must be a whole number from 1 to 1000000, got "0"/],
      [["--count", "2.5"], /--count .* got "2.5"/],
      [["--count", "1000001"], /--count .* got "1000001"/],
      [["--seed=-1"], /--seed must be a whole number from 0 to 4294967295, got "-1"/],
      [["--out", ""], /--out must name a directory/],
      [["--colour"], /Unknown option '--colour'/],
      [["extra"], /positional argument/],
    ] as const) {
      assert.throws(
        () => parseCli(args),
        (e: unknown) => e instanceof UsageError && message.test(e.message),
      );
    }
  });
});

describe("the committed data set", () => {
  let source: Source;
  let dataset: ReviewsDataset;
  before(async () => {
    source = readSource(DATA);
    dataset = buildDataset(source.business, source.reviews);
  });

  it("has rating-only reviews, titles, owner replies, edits, every star rating and several platforms", () => {
    const r = dataset.reviews;
    assert.ok(r.length >= 300);
    assert.ok(r.filter((x) => x.text === null).length > r.length * 0.05, "rating-only reviews");
    assert.ok(r.filter((x) => x.owner_reply !== null).length > r.length * 0.2, "owner replies");
    assert.ok(
      r.some((x) => x.title !== null) && r.some((x) => x.updated_at !== null) && r.some((x) => x.experience_date),
    );
    for (const star of ["1", "2", "3", "4", "5"] as const)
      assert.ok(dataset.aggregate_rating.distribution[star] > 0, `${star} stars`);
    assert.ok(new Set(r.map((x) => x.source.platform)).size >= 5);
    assert.ok(
      r.some((x) => x.text?.includes("\n\n")),
      "multi-paragraph reviews",
    );
  });

  it("mentions every technician, service and service area", () => {
    for (const kind of ["technicians", "services", "service_areas"] as const) {
      const mentioned = new Set(dataset.reviews.flatMap((r) => r.mentions[kind]));
      for (const entry of source.business[kind])
        assert.ok(mentioned.has(entry.id), `${kind}: ${entry.id} is never mentioned`);
    }
  });

  it("has text the normalisation must see through", () => {
    const texts = dataset.reviews.map((r) => `${r.title ?? ""}\n${r.text ?? ""}`);
    for (const [what, re] of [
      ["a non-breaking space", /\u00a0/],
      ["a full-width form", /[\uff01-\uff5e]/],
      ["a ligature", /[\ufb00-\ufb04]/],
      ["a decomposed accent", /\p{M}/u],
      ["an accented letter", /[éëíñ]/],
      ["a double space", / {2}/],
      ["a line break", /\n/],
      ["an emoji", /\p{Extended_Pictographic}/u],
    ] as const) {
      assert.ok(
        texts.some((t) => re.test(t)),
        `no review has ${what}`,
      );
    }
  });

  it("keeps the tone in line with the rating: no blame in 5 stars, no praise in 1 star", () => {
    const plain = (bank: typeof POSITIVE) =>
      Object.values(bank)
        .flat()
        .filter((t) => !t.includes("{"))
        .map(normalizeText);
    const [praise, blame] = [plain(POSITIVE), plain(NEGATIVE)];
    for (const r of dataset.reviews) {
      const text = normalizeText(r.text ?? "").replace(/\u2019/g, "'");
      if (r.rating === 5) assert.ok(!blame.some((s) => text.includes(s)), `${r.id} (5 stars) blames`);
      if (r.rating === 1) assert.ok(!praise.some((s) => text.includes(s)), `${r.id} (1 star) praises`);
    }
  });
});

describe("the phrase bank", () => {
  it("names catalog entries only through its placeholders", () => {
    const banks = [POSITIVE, NEGATIVE].flatMap((b) => Object.values(b).flat());
    const all = [...banks, ...OPENERS, ...CONTEXT, ...CONTRASTS.map((c) => c.text), ...Object.values(GENERAL).flat()];
    for (const template of all) {
      const m = match(template.replace(/\{\w+\}/g, "·"));
      assert.deepEqual([...m.technicians, ...m.services, ...m.service_areas], [], template);
    }
  });

  it("names each service by a name or alias of that service only", () => {
    for (const service of business.services) {
      for (const phrase of JOBS[service.id] ?? []) assert.deepEqual(match(phrase).services, [service.id], phrase);
    }
  });

  it("writes catalog names in ways that still resolve to the same entry", () => {
    const rng = new Random(5);
    for (const kind of ["technicians", "services", "service_areas"] as const) {
      for (const entry of business[kind]) {
        for (const term of [entry.name, ...entry.aliases]) {
          for (let i = 0; i < 60; i++) assert.deepEqual(match(styleTerm(rng, term))[kind], [entry.id], term);
        }
      }
    }
  });
});

describe("readSource on bad data", () => {
  const lines = generate(6, 1).trim().split("\n");
  const problems = (dir: string) => {
    let err: unknown = null;
    try {
      readSource(dir);
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof DataError, "a DataError");
    return err.message;
  };

  it("names file, line and field of a bad review", async () => {
    const bad = lines.map((l, i) => (i === 2 ? JSON.stringify({ ...JSON.parse(l), rating: 7 }) : l));
    assert.match(problems(await dataDir(bad.join("\n") + "\n")), /reviews\.jsonl:3: rating: /);
  });

  it("names the line of a bad field in business.json", async () => {
    const text = JSON.stringify({ ...business, time_zone: "Mars/Olympus" }, null, 2);
    const line = text.split("\n").findIndex((l) => l.includes("Mars/Olympus")) + 1;
    const message = problems(await dataDir(lines.join("\n"), text));
    assert.match(message, new RegExp(`business\\.json:${line}: time_zone: expected an IANA time zone`));
  });

  it("refuses duplicate ids, naming both lines", async () => {
    const message = problems(await dataDir([...lines, lines[1]!].join("\n")));
    assert.match(message, /reviews\.jsonl:7: id: duplicate id 'r-000002' \(first on line 2\)/);
  });
});
