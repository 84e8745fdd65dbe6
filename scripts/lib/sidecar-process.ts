// Runs the real sidecar (sidecar/main.ts) as a child process on a free loopback port and collects its JSON log lines,
// for benchmarks and the end-to-end tests that need a process of its own (signals, kill -9, restarts).
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type PostOptions, type PostReply, postForm } from "./hub-form.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type LogLine = Readonly<Record<string, unknown> & { msg: string; level: string }>;

export type SidecarProcess = Readonly<{
  url: string;
  child: ChildProcess;
  /** Every line the process wrote so far, parsed (a line that is not JSON comes as `{level: "raw", msg}`). */
  logs: LogLine[];
  /** The same lines as written. */
  lines: () => readonly string[];
  waitForLog(match: (l: LogLine) => boolean, timeoutMs?: number, what?: string): Promise<LogLine>;
  /** POSTs a form to the hub (or any path) and returns status, headers and text. */
  post(form: Record<string, string | string[]> | string, options?: PostOptions): Promise<PostReply>;
  /** GETs a path of the sidecar. */
  get(path: string): Promise<Response>;
  /** GETs a path of the admin listener (on by default here, ADMIN_PORT 0; `env` may turn it off with ""). */
  admin(path: string): Promise<Response>;
  /** Resolves with the exit code once the process has exited by itself or been stopped. */
  exited: Promise<number | null>;
  /** SIGTERM (then SIGKILL after `graceMs`), or SIGKILL at once (kill -9: no cleanup at all); resolves with the exit code. */
  stop(signal?: "SIGTERM" | "SIGKILL", graceMs?: number): Promise<number | null>;
}>;

/**
 * `env` is added to the inherited environment, over HOST 127.0.0.1, PORT 0 and ADMIN_PORT 0; `wrapper` is a command to run it
 * under (e.g. `["taskset", "-c", "1"]`).
 */
export async function startSidecar(
  env: Record<string, string>,
  options: { timeoutMs?: number; wrapper?: readonly string[] } = {},
): Promise<SidecarProcess> {
  const [command, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", PORT: "0", ADMIN_PORT: "0", ...env };
  const child = spawn(command, [...prefix, fileURLToPath(new URL("../../sidecar/main.ts", import.meta.url))], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const logs: LogLine[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  for (const input of [child.stdout, child.stderr]) {
    createInterface({ input, crlfDelay: Infinity }).on("line", (line) => {
      if (!line) return;
      lines.push(line);
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: "raw", msg: line });
      }
    });
  }

  const waitForLog = async (match: (l: LogLine) => boolean, timeoutMs = 15_000, what = "log line") => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = logs.find(match);
      if (hit) return hit;
      if (gone())
        throw new Error(`sidecar exited with code ${child.exitCode} while waiting for ${what}:\n${lines.join("\n")}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${lines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  let url: string;
  let adminUrl: string | undefined;
  try {
    const listening = await waitForLog((l) => l.msg.startsWith("listening on"), options.timeoutMs ?? 20_000, "its URL");
    url = String(listening["url"]);
    if (childEnv["ADMIN_PORT"]) {
      const admin = await waitForLog((l) => l.msg.startsWith("admin listening on"), 5_000, "its admin URL");
      adminUrl = String(admin["url"]);
    }
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }

  return Object.freeze({
    url,
    child,
    logs,
    lines: () => lines,
    waitForLog,
    exited,
    post: (form, postOptions) => postForm(url, form, postOptions),
    get: (p: string) => fetch(`${url}${p}`),
    admin: async (p: string) => {
      if (adminUrl === undefined) throw new Error("this sidecar runs without an admin listener (ADMIN_PORT unset)");
      return fetch(`${adminUrl}${p}`);
    },
    stop: async (signal = "SIGTERM", graceMs = 5000) => {
      if (!gone()) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  });
}
