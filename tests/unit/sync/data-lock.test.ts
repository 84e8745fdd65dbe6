// The data directory's lock: one writer at a time, the second told who holds it; builds share it but never beside a
// writer; a holder killed with -9 does not keep it; the holder's own child may go on under it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { it } from "node:test";
import { acquireDataLock, LOCK_FILE, LockHeldError } from "../../../src/lib/data-lock.ts";

const tmp = () => mkdtemp(path.join(os.tmpdir(), "reviews-lock-"));

/** A process that lives until killed, and its pid. */
function sleeper(): { pid: number; kill: (signal: NodeJS.Signals) => Promise<void> } {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pid: child.pid!,
    kill: async (signal) => {
      child.kill(signal);
      await exited;
    },
  };
}

it("a second writer is refused with who holds the lock; released, it can be taken", async () => {
  const dir = await tmp();
  const other = sleeper();
  try {
    await writeFile(
      path.join(dir, LOCK_FILE),
      JSON.stringify({
        pid: other.pid,
        host: os.hostname(),
        command: "npm run sync (full)",
        since: "2026-12-07T10:00:00Z",
      }),
    );
    await assert.rejects(acquireDataLock(dir, "npm run import"), (err: Error) => {
      assert.ok(err instanceof LockHeldError);
      assert.match(
        err.message,
        new RegExp(`held by npm run sync \\(full\\) \\(pid ${other.pid} on .*\\) since 2026-12-07T10:00:00Z`),
      );
      return true;
    });
  } finally {
    await other.kill("SIGKILL");
  }
  // Its holder was killed with -9: the lock is taken over.
  const lock = await acquireDataLock(dir, "npm run import");
  assert.equal(JSON.parse(await readFile(lock.file, "utf8")).pid, process.pid);
  await assert.rejects(acquireDataLock(dir, "npm run build"), LockHeldError, "the same process does not take it twice");
  await lock.release();
  const again = await acquireDataLock(dir, "npm run build");
  await again.release();
});

it("a lock held by this process's parent counts as held by this process", async () => {
  const dir = await tmp();
  await writeFile(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid: process.ppid, host: os.hostname(), command: "npm run sync (full)", since: "x" }),
  );
  const lock = await acquireDataLock(dir, "npm run build");
  await lock.release();
  assert.equal(JSON.parse(await readFile(path.join(dir, LOCK_FILE), "utf8")).pid, process.ppid, "the parent's stays");
});

it("builds share the lock with each other, never with a writer", async () => {
  const dir = await tmp();
  const reader = sleeper();
  try {
    await writeFile(
      path.join(dir, `.read.${reader.pid}.lock`),
      JSON.stringify({ pid: reader.pid, host: os.hostname(), command: "npm run build", since: "x" }),
    );
    const build = await acquireDataLock(dir, "npm run build", "shared");
    await assert.rejects(acquireDataLock(dir, "npm run sync (full)"), /held by npm run build \(pid \d+/);
    await build.release();
    await assert.rejects(acquireDataLock(dir, "npm run sync (full)"), new RegExp(`pid ${reader.pid}`));
  } finally {
    await reader.kill("SIGKILL");
  }
  // The reader was killed with -9: its file no longer keeps writers out; and a writer keeps builds out.
  const sync = await acquireDataLock(dir, "npm run sync (full)");
  await assert.rejects(acquireDataLock(dir, "npm run build", "shared"), /held by npm run sync \(full\)/);
  await sync.release();
  assert.deepEqual(await readdir(dir), []);
});
