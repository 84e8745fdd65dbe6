// How busy the machine is before a benchmark (Linux /proc/stat): other processes' load makes req/s figures low and noisy.
import { readFile } from "node:fs/promises";

async function sample(): Promise<{ idle: number; total: number } | undefined> {
  const stat = await readFile("/proc/stat", "utf8").catch(() => undefined);
  const cpu = stat?.split("\n", 1)[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!cpu || cpu.length < 5) return undefined;
  return { idle: cpu[3]! + cpu[4]!, total: cpu.reduce((a, b) => a + b, 0) };
}

/** Fraction (0-1) of all CPUs busy during `ms`, or undefined where /proc/stat does not exist. */
export async function cpuBusy(ms = 1000): Promise<number | undefined> {
  const a = await sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = await sample();
  if (!a || !b || b.total === a.total) return undefined;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}
