// CPU time a process has used, from /proc/PID/stat (Linux): a figure per request that load on the machine skews less
// than requests per second do.
import { readFile } from "node:fs/promises";

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU (user and system) process `pid` has used so far; undefined where /proc does not tell. */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  // Fields after the command name (which may hold spaces), from the state on: utime and stime are the 12th and 13th.
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (!fields || fields.length < 13) return undefined;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
