// Test helper: one HTTP request with exactly the given headers (Host included, which fetch will not set), from a chosen
// loopback address when a test stands for several clients, the body read whole.
import { request } from "node:http";

export type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type SendOptions = Readonly<{
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The address the connection comes from (e.g. 127.0.0.2), as another client would. */
  localAddress?: string;
}>;

export function send(url: string, o: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const options = { method: o.method ?? "GET", headers: o.headers ?? {}, agent: false, localAddress: o.localAddress };
    const req = request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(o.body);
  });
}
