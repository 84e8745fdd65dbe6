// Whether a command the benchmarks may use (wrk, curl) can be run on this machine.
import { spawnSync } from "node:child_process";

/** True when `command --version` starts (its exit status does not matter: wrk exits 1 after printing its usage). */
export function installed(command: string): boolean {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).error === undefined;
}
