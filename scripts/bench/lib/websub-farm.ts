// The subscriber farm of the WebSub benchmarks: N HTTPS servers on 127.0.0.1 (own port, own TLS handshake each) that
// echo verifications and time their fat pings; and the /proc figures of a process.
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";

export type Farm = { servers: Server[]; acks: number[]; bytes: number[]; verified: number };

export async function startFarm(n: number, tls: { cert: string; key: string }): Promise<Farm> {
  const farm: Farm = {
    servers: [],
    acks: new Array<number>(n).fill(0),
    bytes: new Array<number>(n).fill(0),
    verified: 0,
  };
  for (let i = 0; i < n; i++) {
    const server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      if (req.method === "GET") {
        const challenge = new URL(req.url ?? "/", "https://x").searchParams.get("hub.challenge") ?? "";
        farm.verified++;
        res.end(challenge);
        return;
      }
      let size = 0;
      req.on("data", (c: Buffer) => (size += c.length));
      req.on("end", () => {
        res.writeHead(204).end();
        farm.acks[i] = performance.now();
        farm.bytes[i] = size;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    farm.servers.push(server);
  }
  return farm;
}

export const port = (s: Server) => (s.address() as AddressInfo).port;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function procStatus(pid: number): { rss: number; hwm: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) * 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rss: kb("VmRSS"), hwm: kb("VmHWM"), cpuMs: (ticks * 1000) / 100 };
}

/** CPU time (ms) of every process named `comm` (e.g. "postgres": the server and its backends) that is running now. */
export function cpuMsOfCommand(comm: string): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === comm) total += procStatus(Number(pid)).cpuMs;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
