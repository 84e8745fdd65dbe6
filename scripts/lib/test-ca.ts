// A throwaway certificate authority and one server certificate it signed, made with the openssl CLI for each test run.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { promisify } from "node:util";

const run = promisify(execFile);

export type TestCa = Readonly<{
  dir: string;
  /** PEM file of the CA: what NODE_EXTRA_CA_CERTS points at. */
  caFile: string;
  caPem: string;
  /** Server certificate for localhost, 127.0.0.1, ::1 and *.websub.test. */
  cert: string;
  key: string;
}>;

const SAN = "DNS:localhost,DNS:*.websub.test,IP:127.0.0.1,IP:::1";

export async function createTestCa(dir?: string): Promise<TestCa> {
  const root = dir ?? (await mkdtemp(path.join(os.tmpdir(), "websub-ca-")));
  const at = (name: string) => path.join(root, name);
  // Arguments as on a command line, in `root`: no argument but the last holds a space.
  const openssl = (args: string, last: string) => run("openssl", [...args.split(" "), last], { cwd: root });
  const ec = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
  const caExt = "-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign";
  await openssl(`req -x509 ${ec} -keyout ca.key -out ca.pem -days 2 ${caExt} -subj`, "/CN=WebSub Test CA");
  await openssl(`req -new ${ec} -keyout server.key -out server.csr -subj`, "/CN=localhost");
  await writeFile(
    at("server.ext"),
    `subjectAltName=${SAN}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
  );
  await openssl(
    "x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext -out",
    "server.pem",
  );
  const [caPem, cert, key] = await Promise.all(
    ["ca.pem", "server.pem", "server.key"].map((f) => readFile(at(f), "utf8")),
  );
  return Object.freeze({ dir: root, caFile: at("ca.pem"), caPem: caPem!, cert: cert!, key: key! });
}

/** Makes this process trust the test CA besides the usual roots, as NODE_EXTRA_CA_CERTS does for a process it starts. */
export function trustTestCa(ca: TestCa): void {
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), ca.caPem]);
}
