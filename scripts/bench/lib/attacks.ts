// The attacks of issue 44's findings 1 and 2 as the soak benchmark runs them beside its normal traffic (findings 3 and 4
// are in slow-clients.ts): each runs until a deadline, with a bounded number of requests in flight, on loopback, and
// tallies what it got. Through nginx, a loopback source address (127.0.0.x) is the client nginx forwards.
import { request } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { HEADERS, initialize, initialized, PROTOCOL, searchCall } from "./mcp-client.ts";

/** How many answers of each kind an attack or a client got: `"mcp 429": 1234`. */
export type Tally = Record<string, number>;
export const count = (tally: Tally, key: string): void => void (tally[key] = (tally[key] ?? 0) + 1);

type Answer = { status: number; session: string | undefined };
type Call = { method?: string; headers?: Record<string, string>; body?: string | undefined; from?: string };

/** One request on a connection of its own from the source address `from`; its body is read and dropped. 0: failed. */
export function call(url: string, { method = "GET", headers = {}, body, from }: Call): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { method, headers, agent: false, localAddress: from }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, session: res.headers["mcp-session-id"] as string }));
      res.on("error", () => resolve({ status: 0, session: undefined }));
    });
    req.on("error", () => resolve({ status: 0, session: undefined }));
    req.end(body);
  });
}

/** Every header a client could hope names it, each naming the `n`th made-up address. */
function posing(n: number): Record<string, string> {
  const ip = `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  return { forwarded: `for=${ip};proto=https`, "x-forwarded-for": ip, "x-real-ip": ip };
}

const hubPing = (site: string) =>
  new URLSearchParams({ "hub.mode": "publish", "hub.url": `${site}/feed.xml` }).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Finding 1: one client (127.0.0.3) behind nginx naming itself anew in every request, `inFlight` loops opening MCP
 * sessions it never ends and pinging the hub, as fast as they are answered.
 */
export async function posingClient(nginx: string, site: string, until: number, inFlight = 4): Promise<Tally> {
  const tally: Tally = {};
  const host = new URL(site).host;
  let n = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        const as = posing(n++);
        const init = await call(`${nginx}/mcp`, {
          method: "POST",
          headers: { ...HEADERS, host, ...as },
          body: initialize(n),
          from: "127.0.0.3",
        });
        count(tally, `mcp ${init.status}`);
        const ping = await call(`${nginx}/api/websub/hub`, {
          method: "POST",
          headers: { ...FORM, host, ...as },
          body: hubPing(site),
          from: "127.0.0.3",
        });
        count(tally, `hub ${ping.status}`);
      }
    }),
  );
  return tally;
}

/**
 * The client finding 1 locked out, behind the same nginx (127.0.0.2): every `everyMs` it opens an MCP session, calls a
 * tool, ends the session and pings the hub, well within its own limits (30 sessions and pings a minute by default).
 */
export async function politeClient(nginx: string, site: string, until: number, everyMs = 2000): Promise<Tally> {
  const tally: Tally = {};
  const host = new URL(site).host;
  const mcp = (headers: Record<string, string>, body?: string, method = "POST") =>
    call(`${nginx}/mcp`, { method, headers: { ...HEADERS, host, ...headers }, body, from: "127.0.0.2" });
  for (let id = 1; Date.now() < until; id++) {
    const next = delay(everyMs);
    const init = await mcp({}, initialize(id));
    count(tally, `mcp initialize ${init.status}`);
    if (init.session) {
      const session = { "mcp-session-id": init.session, "mcp-protocol-version": PROTOCOL };
      count(tally, `mcp initialized ${(await mcp(session, initialized)).status}`);
      count(tally, `mcp tools/call ${(await mcp(session, searchCall(id))).status}`);
      count(tally, `mcp DELETE ${(await mcp(session, undefined, "DELETE")).status}`);
    }
    const ping = await call(`${nginx}/api/websub/hub`, {
      method: "POST",
      headers: { ...FORM, host },
      body: hubPing(site),
      from: "127.0.0.2",
    });
    count(tally, `hub ${ping.status}`);
    await next;
  }
  return tally;
}

/**
 * Finding 2: `inFlight` loops asking /since for distinct dates (from `dates`, in turn) without compression, reading
 * each answer whole; after a refusal a loop asks again after `pauseMs`, not the Retry-After it was given.
 */
export async function sinceFlood(
  base: string,
  dates: readonly string[],
  until: number,
  inFlight = 60,
  pauseMs = 100,
): Promise<Tally> {
  const tally: Tally = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        const date = dates[next++ % dates.length]!;
        const { status } = await call(`${base}/api/reviews/since/${date}`, {
          headers: { "accept-encoding": "identity" },
        });
        count(tally, String(status));
        if (status !== 200) await delay(pauseMs);
      }
    }),
  );
  return tally;
}
