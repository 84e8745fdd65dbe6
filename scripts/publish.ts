// `npm run publish`: tells a WebSub hub that the topics may have changed (run it after each deploy), with bounded retries.
import { ConfigError, loadConfig } from "../src/config.ts";
import { siteUrls, TOPIC_PATHS } from "../src/lib/site-urls.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";

const USAGE = `usage: npm run publish -- [--hub <hub URL>] [--topic <topic URL>]... [--attempts <n>] [--timeout <seconds>]

Sends hub.mode=publish with hub.url=<topic> for each topic (default: the three topics of SITE_URL) to the hub
(default: SITE_URL's /api/websub/hub). The hub then checks the topics and pushes what changed to its subscribers.`;

export type PingResult = Readonly<{ topic: string; ok: boolean; status?: number; detail: string; attempts: number }>;

export type PingOptions = Readonly<{
  hub: string;
  topic: string;
  attempts: number;
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
}>;

/** One topic's ping: retried on network errors, 429 and 5xx (honouring Retry-After up to a minute), never on other 4xx. */
export async function pingHub(o: PingOptions): Promise<PingResult> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let detail = "";
  let status: number | undefined;
  for (let attempt = 1; attempt <= o.attempts; attempt++) {
    let waitMs = Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (1 + Math.random() * 0.2);
    try {
      const res = await fetch(o.hub, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "hub.mode": "publish", "hub.url": o.topic }),
        redirect: "error",
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      status = res.status;
      detail = (await res.text()).trim().slice(0, 300);
      if (res.ok) return { topic: o.topic, ok: true, status, detail, attempts: attempt };
      if (res.status !== 429 && res.status < 500)
        return { topic: o.topic, ok: false, status, detail, attempts: attempt };
      const retryAfter = Number(res.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && retryAfter > 0) waitMs = Math.min(60, retryAfter) * 1000;
    } catch (err) {
      status = undefined;
      const e = err as Error & { cause?: { code?: string; message?: string } };
      detail =
        e.name === "TimeoutError"
          ? `no answer within ${o.timeoutMs} ms`
          : (e.cause?.code ?? e.cause?.message ?? e.message);
    }
    if (attempt < o.attempts) await sleep(waitMs);
  }
  return { topic: o.topic, ok: false, ...(status === undefined ? {} : { status }), detail, attempts: o.attempts };
}

async function main(): Promise<number> {
  const { values } = parseCommandLine({
    options: {
      hub: { type: "string" },
      topic: { type: "string", multiple: true },
      attempts: { type: "string", default: "4" },
      timeout: { type: "string", default: "10" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const attempts = Number(values.attempts);
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10)
    throw new UsageError(`--attempts: expected an integer from 1 to 10, got ${values.attempts}`);
  if (!(timeoutSeconds > 0 && timeoutSeconds <= 120))
    throw new UsageError(`--timeout: expected seconds from 1 to 120, got ${values.timeout}`);

  const config = loadConfig();
  const hub = values.hub ?? siteUrls(config.siteUrl).hub;
  const topics = values.topic ?? TOPIC_PATHS.map((p) => new URL(p, config.siteUrl).href);
  for (const u of [hub, ...topics]) {
    if (!URL.canParse(u)) throw new UsageError(`not an absolute URL: ${u}`);
  }

  const results = await Promise.all(
    topics.map((topic) => pingHub({ hub, topic, attempts, timeoutMs: timeoutSeconds * 1000 })),
  );
  for (const r of results) {
    const line = `${r.ok ? "ok    " : "FAILED"} ${r.topic} -> ${r.status ?? "no answer"}${r.detail ? `: ${r.detail}` : ""}${r.attempts > 1 ? ` (${r.attempts} attempts)` : ""}`;
    (r.ok ? console.log : console.error)(line);
  }
  return results.every((r) => r.ok) ? 0 : 1;
}

if (import.meta.main) {
  try {
    process.exitCode = await main();
  } catch (err) {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof ConfigError) console.error(err.message);
    else console.error(`publish failed: ${(err as Error).message}`);
    process.exitCode = 2;
  }
}
