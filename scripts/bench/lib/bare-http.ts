// A bare node:http server sending the sidecar's answers by path (`static-304.ts`): what node:http itself costs per
// request. The probe for the ETag, before the load, gets a 200 with it. Prints its port.
import { createServer } from "node:http";
import { answersFromArgv } from "./bare-answers.ts";

const answers = answersFromArgv();
const server = createServer((req, res) => {
  const a = answers.get(req.url ?? "");
  if (!a) return void res.writeHead(404).end();
  if (a.status === 304 && !req.headers["if-none-match"]) return void res.writeHead(200, { etag: a.headers.etag }).end();
  res.writeHead(a.status, a.headers).end(a.body);
});
server.listen(0, "127.0.0.1", () => console.log((server.address() as { port: number }).port));
