// The sidecar's answers (`static-304.ts`) written on raw sockets, without node:http: what Node's event loop, its
// sockets and the kernel cost per request. Each request head that arrives (the benchmark's GETs, no body) is answered
// with bytes made once a second, with the headers node:http adds, as it writes them. It reads nothing of a request but
// its path and whether it has If-None-Match: a floor to measure against, not a server. Prints its port.
import { STATUS_CODES } from "node:http";
import { createServer } from "node:net";
import { answersFromArgv } from "./bare-answers.ts";

const answers = answersFromArgv();
const wire = (status: number, headers: Record<string, string>, body: Buffer) => {
  // A body is framed by its length, as node:http would frame it.
  const length = status === 304 ? {} : { "content-length": String(body.length) };
  const all = {
    ...headers,
    ...length,
    Date: new Date().toUTCString(),
    Connection: "keep-alive",
    "Keep-Alive": "timeout=5",
  };
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
};
type Bytes = { answer: Buffer; probe: Buffer | undefined };
let bytes = new Map<string, Bytes>();
const render = () => {
  bytes = new Map(
    [...answers].map(([p, a]) => [
      p,
      {
        answer: wire(a.status, a.headers, a.body),
        // The probe for the ETag, before the load: a 200 with it.
        probe: a.status === 304 ? wire(200, { etag: a.headers.etag! }, Buffer.alloc(0)) : undefined,
      },
    ]),
  );
};
render();
setInterval(render, 1000).unref();

const END = "\r\n\r\n";
const server = createServer((socket) => {
  socket.setNoDelay(true);
  socket.on("error", () => {});
  let pending = "";
  socket.on("data", (chunk: Buffer) => {
    pending += chunk.toString("latin1");
    for (let end = pending.indexOf(END); end !== -1; end = pending.indexOf(END)) {
      const head = pending.slice(0, end);
      pending = pending.slice(end + END.length);
      const target = head.split(" ", 2)[1] ?? "";
      const b = bytes.get(target);
      if (!b) return void socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
      socket.write(b.probe && !/\r\nif-none-match:/i.test(head) ? b.probe : b.answer);
    }
  });
});
server.listen(0, "127.0.0.1", () => console.log((server.address() as { port: number }).port));
