// scripts/analyze.ts: JSON Lines in, one JSON line out per input line in order; bad input named by line.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";

const run = (input: string, args: string[] = []) => {
  const r = spawnSync(process.execPath, ["scripts/analyze.ts", ...args], { input, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const lines = (s: string) =>
  s
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe("scripts/analyze.ts", () => {
  it("writes one line per input line, in input order, in the documented shape", () => {
    const input = [
      { id: "b", text: "On time, but the price was way more than quoted.", rating: 3 },
      { id: "a", text: "Great service!" },
      { id: 7, text: null, rating: 5 },
      { id: "c", text: "Left a mess.", rating: null, author: "ignored member" },
    ];
    const r = run(input.map((x) => JSON.stringify(x)).join("\n") + "\n");
    assert.equal(r.code, 0, r.err);
    const out = lines(r.out);
    assert.deepEqual(
      out.map((o) => o.id),
      ["b", "a", 7, "c"],
    );
    assert.deepEqual(out[0], {
      id: "b",
      sentiment: out[0].sentiment,
      aspects: [
        { aspect: "punctuality", sentiment: "positive", evidence: "On time" },
        { aspect: "pricing", sentiment: "negative", evidence: "the price was way more than quoted" },
      ],
    });
    assert.deepEqual(Object.keys(out[0].sentiment), ["label", "score"]);
    assert.deepEqual(out[1].aspects, []);
    assert.deepEqual(out[2], { id: 7, sentiment: { label: "positive", score: 1 }, aspects: [] });
    assert.equal(out[3].aspects[0].sentiment, "negative");
    for (const [i, o] of out.entries())
      for (const a of o.aspects) assert.ok((input[i]!.text ?? "").includes(a.evidence));
  });

  it("gives the same output for the same input (determinism)", () => {
    const input = '{"id":"x","text":"Friendly tech, fair price, but he tracked mud everywhere."}\n'.repeat(3);
    const r = run(input);
    const [a, b, c] = r.out.split("\n");
    assert.equal(a, b);
    assert.equal(b, c);
  });

  it("names the line of bad input and exits 1", () => {
    for (const [bad, message] of [
      ["{not json", /stdin line 2: invalid JSON/],
      ['{"text":"no id"}', /stdin line 2: id: /],
      ['{"id":"x","text":"ok","rating":9}', /stdin line 2: rating: Too big/],
      ['{"id":"x","text":42}', /stdin line 2: text: /],
      ["", /stdin line 2: empty line/],
    ] as const) {
      const r = run(`{"id":"ok","text":"fine"}\n${bad}\n{"id":"later","text":"x"}\n`);
      assert.equal(r.code, 1, bad);
      assert.match(r.err, message);
      assert.equal(lines(r.out).length, 1, "lines before the bad one are written");
    }
  });

  it("--taxonomy replaces the default; a bad one exits 2 with the reason", () => {
    const r = run('{"id":"1","text":"The food was bland but the waiter was attentive."}\n', [
      "--taxonomy",
      "tests/fixtures/insights/restaurant-taxonomy.json",
    ]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      lines(r.out)[0].aspects.map((a: { aspect: string }) => a.aspect),
      ["food", "service"],
    );
    const missing = run("", ["--taxonomy", "tests/fixtures/insights/nope.json"]);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /cannot read tests\/fixtures\/insights\/nope\.json \(ENOENT\)/);
    const unknown = run("", ["--model", "x"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /Usage:/);
  });
});
