// Test helper: one request as sent on the wire (the target as written, not parsed and re-encoded as a URL; headers as
// given, repeated names kept), and its answer without Date.
import { request } from "node:http";

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** `headers` as a flat list of names and values sends a header more than once (and no Host unless listed). */
export type Headers = Record<string, string> | string[];

export function send(base: string, method: string, target: string, headers: Headers = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(base, { method, headers, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const { date: _, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks).toString("latin1") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
