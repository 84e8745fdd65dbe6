// Test helper: one request as sent on the wire (the target as written, not parsed and re-encoded as a URL; headers as
// given, repeated names kept), and its answer with its headers in the order sent, Date left out.
import { request } from "node:http";

export type Answer = { status: number; headers: string[]; body: string };

/** `headers` as a flat list of names and values sends a header more than once (and no Host unless listed). */
export type Headers = Record<string, string> | string[];

export function send(base: string, method: string, target: string, headers: Headers = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(base, { method, headers, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers = res.rawHeaders.flatMap((v, i, all) =>
          i % 2 === 0 && v.toLowerCase() !== "date" ? [`${v}: ${all[i + 1]}`] : [],
        );
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks).toString("latin1") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
