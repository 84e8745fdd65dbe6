// Starts `sidecar/main.ts` as a child process and waits for the URL it logs, for benchmarks and integration tests.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sidecarCommand } from "../../../sidecar/node-options.ts";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export type SidecarProcess = Readonly<{
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, one entry per line. */
  lines: () => readonly string[];
  /** Resolves with the exit code once the process has exited by itself or been stopped. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
}>;

/**
 * `env` is added to the inherited environment (PORT, HOST, DIST_DIR, ...); `wrapper` is a command to run it under
 * (e.g. `["taskset", "-c", "1"]`).
 */
export async function startSidecar(
  env: Record<string, string>,
  options: { timeoutMs?: number; wrapper?: readonly string[] } = {},
): Promise<SidecarProcess> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const [command, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  const sidecar = sidecarCommand({ ...process.env, ...env });
  const child = spawn(command!, [...prefix, ...sidecar.args], {
    cwd: ROOT,
    env: sidecar.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let url: string | undefined;
  const waiters: Array<() => void> = [];
  const partial = { stdout: "", stderr: "" };
  const collect = (from: "stdout" | "stderr") => (chunk: Buffer) => {
    const parts = (partial[from] + chunk.toString("utf8")).split("\n");
    partial[from] = parts.pop()!;
    for (const line of parts) {
      if (!line) continue;
      lines.push(line);
      const m = /"url":"(http:\/\/[^"]+)"/.exec(line);
      if (m && !url) url = m[1];
    }
    waiters.splice(0).forEach((w) => w());
  };
  child.stdout!.on("data", collect("stdout"));
  child.stderr!.on("data", collect("stderr"));
  child.on("exit", () => waiters.splice(0).forEach((w) => w()));

  const deadline = Date.now() + timeoutMs;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`sidecar exited with code ${child.exitCode}:\n${lines.join("\n")}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`sidecar did not log its URL within ${timeoutMs} ms:\n${lines.join("\n")}`);
    }
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 100).unref();
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  return {
    url,
    child,
    lines: () => lines,
    exited,
    stop: async (graceMs = 5000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
