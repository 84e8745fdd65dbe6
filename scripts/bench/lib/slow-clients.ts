// The attacks of issue 44's findings 3 and 4 as the soak benchmark runs them: many connections that send slowly, and
// many that ask for a big file and stop reading. Raw sockets on loopback, opened a hundred at a time, each attack
// bounded by its count of clients and a deadline; each tallies how its connections ended.
import { connect, type Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { count, type Tally } from "./attacks.ts";

const BATCH = 100;
/** A slow client sends one byte (or header line) this often. */
const TRICKLE_MS = 5000;

type Opened = { socket: Socket; opened: number; received: () => string; closed: Promise<void> };

/** A connection to `base` that has sent `head`; `stall`: it reads nothing more (the status line comes when it reads). */
async function open(base: string, head: string, stall = false): Promise<Opened | undefined> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => undefined);
  const connected = await new Promise<boolean>((resolve) => {
    socket.once("connect", () => resolve(true));
    socket.once("error", () => resolve(false));
  });
  if (!connected) return undefined;
  let received = "";
  socket.on("data", (c: Buffer) => void (received.length < 64 && (received += c.toString("latin1"))));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(head);
  if (stall) socket.pause();
  return { socket, opened: Date.now(), received: () => received, closed };
}

/** How a connection ended, from the status line of what it received: `408`, or `closed` with nothing said. */
const outcome = (received: string) => /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? "closed";

/**
 * Finding 3: `clients` connections kept open as long as the server lets them, half never finishing their headers (a
 * header line every 5 s), half sending an MCP request of 1,000 bytes one byte every 5 s; each one the server closes is
 * opened again until `until`. Tallies how they ended (and `open at the end`) and the longest any lived.
 */
export async function slowConnections(base: string, host: string, clients: number, until: number) {
  const tally: Tally = {};
  let longestMs = 0;
  /** Each open connection and what it sends next. */
  const live = new Map<Socket, string>();
  const heads = [
    ["GET /healthz HTTP/1.1\r\nHost: localhost\r\n", "x-slow: 1\r\n"],
    [
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: 1000\r\n\r\n{`,
      " ",
    ],
  ] as const;
  const trickle = setInterval(() => {
    for (const [s, drip] of live) if (s.writable) s.write(drip);
  }, TRICKLE_MS);
  const keep = async (i: number) => {
    const [head, drip] = heads[i % 2]!;
    while (Date.now() < until) {
      const c = await open(base, head);
      if (!c) {
        count(tally, "refused");
        await delay(1000);
        continue;
      }
      live.set(c.socket, drip);
      const ended = await Promise.race([
        c.closed.then(() => true),
        delay(Math.max(0, until - Date.now())).then(() => false),
      ]);
      if (!ended) break;
      live.delete(c.socket);
      longestMs = Math.max(longestMs, Date.now() - c.opened);
      count(tally, `${i % 2 ? "slow body" : "slow headers"} ${outcome(c.received())}`);
    }
  };
  const loops: Promise<void>[] = [];
  for (let i = 0; i < clients; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, clients - i) }, (_, j) => keep(i + j));
    loops.push(...batch);
    await delay(50);
  }
  await Promise.all(loops);
  clearInterval(trickle);
  tally["open at the end"] = live.size;
  for (const s of live.keys()) s.destroy();
  return { tally, longestS: Math.round(longestMs / 1000) };
}

/**
 * Finding 4: every `waveS` seconds until `until`, `perWave` clients ask for `path` (uncompressed) and stop reading. At
 * the deadline, those older than `cutAfterS` read again to learn whether the server closed them: `cut` with the status
 * they had got, `still sending` (stopped at 16 MB, or more than nothing and not closed within 5 s) or `never answered`
 * (nothing within 5 s: not yet accepted, or no answer begun); younger ones are let go unread, as `young at the end`.
 */
export async function stalledDownloads(
  base: string,
  path: string,
  o: { perWave: number; waveS: number; cutAfterS: number; until: number },
): Promise<Tally> {
  const tally: Tally = {};
  const stalled: Opened[] = [];
  const head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n`;
  for (let wave = Date.now(); wave < o.until; wave += o.waveS * 1000) {
    await delay(Math.max(0, wave - Date.now()));
    for (let i = 0; i < o.perWave; i += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(BATCH, o.perWave - i) }, () => open(base, head, true)),
      );
      for (const c of batch) {
        if (!c) count(tally, "refused");
        else stalled.push(c);
      }
    }
  }
  await delay(Math.max(0, o.until - Date.now()));
  await Promise.all(
    stalled.map(async (c) => {
      if (Date.now() - c.opened < o.cutAfterS * 1000) {
        count(tally, "young at the end");
        c.socket.destroy();
        return;
      }
      let bytes = 0;
      c.socket.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > 16 * 2 ** 20) c.socket.destroy();
      });
      c.socket.resume();
      const cut = await Promise.race([c.closed.then(() => true), delay(5000).then(() => false)]);
      c.socket.destroy();
      const age = `${Math.floor((Date.now() - c.opened) / 10_000) * 10} s old`;
      const ended = cut ? "cut" : bytes > 0 ? "still sending" : "never answered";
      count(tally, bytes > 16 * 2 ** 20 ? `still sending, ${age}` : `${outcome(c.received())} ${ended}, ${age}`);
    }),
  );
  return tally;
}
