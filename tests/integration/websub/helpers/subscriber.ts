// A real HTTPS WebSub subscriber for tests: records every request and answers each callback path as the test says.
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

type Received = Readonly<{
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  at: number;
}>;

/** How a verification GET is answered. */
type VerifyBehaviour = "echo" | "refuse" | "wrong-body" | "hang" | "huge" | Readonly<{ redirect: string }>;
/** How a delivery POST is answered: a status, or never / with an endless body. */
type DeliverBehaviour = number | "hang" | "huge";

/** `delayMs`: how long every answer of the path waits, as a slow subscriber's would. */
type Behaviour = { verify: VerifyBehaviour; deliver: DeliverBehaviour; delayMs?: number };

export type Subscriber = Readonly<{
  port: number;
  origin: string;
  url(path: string, host?: string): string;
  set(path: string, behaviour: Partial<Behaviour>): void;
  received(filter?: Partial<{ path: string; method: string; mode: string }>): Received[];
  waitFor(check: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}>;

const DEFAULT: Behaviour = { verify: "echo", deliver: 204 };

export async function startSubscriber(
  tls: Readonly<{ cert: string; key: string }>,
  host = "127.0.0.1",
): Promise<Subscriber> {
  const behaviours = new Map<string, Behaviour>();
  const log: Received[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer({ cert: tls.cert, key: tls.key }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const u = new URL(req.url ?? "/", "https://subscriber.invalid");
      const entry: Received = {
        method: req.method ?? "",
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      log.push(entry);
      const b = behaviours.get(u.pathname) ?? DEFAULT;
      const answer = () => (req.method === "GET" ? answerGet(b.verify, entry, res) : answerPost(b.deliver, res));
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  });
  server.on("secureConnection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  // A "hang" must really hang: no server-side timeout may answer for the test.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return Object.freeze({
    port,
    origin,
    url: (path: string, name?: string) => (name ? `https://${name}:${port}${path}` : `${origin}${path}`),
    set: (path: string, behaviour: Partial<Behaviour>) =>
      behaviours.set(path, { ...(behaviours.get(path) ?? DEFAULT), ...behaviour }),
    received: (filter = {}) =>
      log.filter(
        (r) =>
          (filter.path === undefined || r.path === filter.path) &&
          (filter.method === undefined || r.method === filter.method) &&
          (filter.mode === undefined || r.query.get("hub.mode") === filter.mode),
      ),
    waitFor: async (check: () => boolean, timeoutMs = 15_000, what = "condition") => {
      const until = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

function answerGet(b: VerifyBehaviour, r: Received, res: ServerResponse): void {
  const challenge = r.query.get("hub.challenge") ?? "";
  if (typeof b === "object") {
    res.writeHead(302, { location: b.redirect }).end();
    return;
  }
  switch (b) {
    case "echo":
      res.writeHead(200, { "content-type": "text/plain" }).end(challenge);
      return;
    case "refuse":
      res.writeHead(404, { "content-type": "text/plain" }).end("not mine");
      return;
    case "wrong-body":
      res.writeHead(200, { "content-type": "text/plain" }).end(`${challenge}x`);
      return;
    case "hang":
      return;
    case "huge":
      res.writeHead(200, { "content-type": "text/plain" });
      res.write(challenge);
      streamForever(res);
      return;
  }
}

function answerPost(b: DeliverBehaviour, res: ServerResponse): void {
  if (b === "hang") return;
  if (b === "huge") {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    streamForever(res);
    return;
  }
  res.writeHead(b).end();
}

/** Writes 64 KB chunks as fast as the peer reads them, until the connection goes away. */
function streamForever(res: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("close", () => res.removeAllListeners("drain"));
  pump();
}
