// Runs the real sidecar (sidecar/main.ts) as a child process on a free port, with its JSON log lines collected.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sidecarCommand } from "../../../../sidecar/node-options.ts";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

export type LogLine = Readonly<Record<string, unknown> & { msg: string; level: string }>;

export type SidecarProcess = Readonly<{
  url: string;
  pid: number;
  logs: LogLine[];
  /** POSTs a form to the hub (or any path) and returns status, headers and text. */
  post(
    form: Record<string, string | string[]> | string,
    options?: { path?: string; contentType?: string | null },
  ): Promise<{ status: number; headers: Headers; text: string }>;
  get(path: string): Promise<Response>;
  waitForLog(match: (l: LogLine) => boolean, timeoutMs?: number, what?: string): Promise<LogLine>;
  /** SIGTERM and wait for exit (graceful), or SIGKILL (kill -9: no cleanup at all). */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}>;

export async function startSidecar(env: Record<string, string>): Promise<SidecarProcess> {
  const sidecar = sidecarCommand({ ...process.env, HOST: "127.0.0.1", PORT: "0", ...env });
  const child: ChildProcess = spawn(process.execPath, sidecar.args, {
    cwd: ROOT,
    env: sidecar.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  const collect = (stream: NodeJS.ReadableStream) => {
    let buf = "";
    stream.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      let nl: number;
      while ((nl = buf.indexOf("\n")) !== -1) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          logs.push({ level: "raw", msg: line });
        }
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);

  const waitForLog = async (match: (l: LogLine) => boolean, timeoutMs = 15_000, what = "log line") => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = logs.find(match);
      if (hit) return hit;
      if (exited)
        throw new Error(`sidecar exited while waiting for ${what}:\n${logs.map((l) => JSON.stringify(l)).join("\n")}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const listening = await waitForLog((l) => l.msg.startsWith("listening on"), 20_000, "the sidecar to listen");
  const url = String(listening["url"]);

  return Object.freeze({
    url,
    pid: child.pid!,
    logs,
    waitForLog,
    post: async (form, options = {}) => {
      const body = typeof form === "string" ? form : encodeForm(form);
      const headers: Record<string, string> = {};
      const type = options.contentType === undefined ? "application/x-www-form-urlencoded" : options.contentType;
      if (type !== null) headers["content-type"] = type;
      const res = await fetch(`${url}${options.path ?? "/api/websub/hub"}`, { method: "POST", headers, body });
      return { status: res.status, headers: res.headers, text: await res.text() };
    },
    get: (p: string) => fetch(`${url}${p}`),
    stop: async (signal = "SIGTERM") => {
      if (!exited) child.kill(signal);
      await exit;
    },
  });
}

export function encodeForm(form: Record<string, string | string[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one);
  return p.toString();
}
