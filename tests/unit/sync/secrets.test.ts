// The credentials appear in no printed line and no file the sync writes, even when the platforms fail, echo them
// back in error bodies, or cannot be reached (got's errors carry the request's headers and form).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { after, it } from "node:test";
import {
  type Fake,
  GOOGLE_SECRETS,
  googleFake,
  googleReview,
  TRUSTPILOT_SECRETS,
  trustpilotFake,
  trustpilotReview,
} from "../../helpers/fake-platforms.ts";
import { days, sync, tempData } from "./harness.ts";

const fakes: Fake[] = [];
after(() => Promise.all(fakes.map((f) => f.close())));

const SECRETS = [
  GOOGLE_SECRETS.GOOGLE_CLIENT_SECRET,
  GOOGLE_SECRETS.GOOGLE_REFRESH_TOKEN,
  TRUSTPILOT_SECRETS.TRUSTPILOT_API_KEY,
  "very-secret",
];

async function everything(dir: string, lines: string[]): Promise<string> {
  const files = await readdir(dir);
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
  return [...lines, ...files, ...texts].join("\n");
}

it("no secret in output or files when the platforms fail and echo the request back", { timeout: 30_000 }, async () => {
  const g = await googleFake(days(60, googleReview));
  const t = await trustpilotFake(days(2, trustpilotReview, "t"));
  fakes.push(g, t);
  // Both echo what they were sent, headers included, in their error bodies and even in an error code.
  g.fault = (n) =>
    n === 2
      ? {
          status: 403,
          body: JSON.stringify({ error: { status: g.sent.at(-1)!.headers.authorization, sent: g.sent.at(-1) } }),
        }
      : null;
  t.fault = () => ({
    status: 500,
    body: JSON.stringify({ errorCode: TRUSTPILOT_SECRETS.TRUSTPILOT_API_KEY, sent: t.sent.at(-1) }),
  });
  const dir = await tempData();
  const r = await sync({ dataDir: dir, google: g.url, trustpilot: t.url, retries: 1 });
  assert.equal(r.code, 6);
  const all = await everything(dir, r.lines);
  assert.match(all, /"last_error"/, "the state file records the errors");
  for (const s of SECRETS) assert.ok(!all.includes(s), `${s} leaked:\n${all}`);
  for (const token of g.tokens) assert.ok(!all.includes(token), "the access token leaked");
});

it(
  "no secret in output or files when a token endpoint echoes the form, or cannot be reached",
  { timeout: 30_000 },
  async () => {
    const g = await googleFake([]);
    fakes.push(g);
    g.tokenFault = () => ({
      status: 400,
      body: JSON.stringify({ error: "invalid_request", form: g.sent.at(-1)!.body }),
    });
    const dir = await tempData();
    const echoed = await sync({ dataDir: dir, google: g.url, sources: ["google"], retries: 0 });
    assert.equal(echoed.code, 4);
    const closed = await googleFake([]);
    await closed.close();
    const unreachable = await sync({ dataDir: dir, google: closed.url, sources: ["google"], retries: 0 });
    assert.equal(unreachable.code, 4);
    assert.match(unreachable.lines.join("\n"), /ECONNREFUSED/);
    const all = await everything(dir, [...echoed.lines, ...unreachable.lines]);
    for (const s of SECRETS) assert.ok(!all.includes(s), `${s} leaked:\n${all}`);
  },
);
