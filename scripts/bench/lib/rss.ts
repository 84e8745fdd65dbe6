// Resident memory of a process from /proc (Linux), in MB: all of it, the anonymous part and the file-backed part.
import { readFile } from "node:fs/promises";

export type Resident = Readonly<{ rss: number; anon: number; file: number }>;

export async function residentMb(pid: number): Promise<Resident> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
  return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile") };
}
