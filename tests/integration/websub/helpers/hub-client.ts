// Test-side helpers for talking to the hub and reading its verdicts from the sidecar's structured logs.
import assert from "node:assert/strict";
import { callbackFields } from "../../../../sidecar/websub/log-fields.ts";
import type { LogLine, SidecarProcess } from "../../../../scripts/lib/sidecar-process.ts";

/** A sidecar under test, in-process or a process of its own: what it logged, and its hub. */
export type HubUnderTest = Pick<SidecarProcess, "logs" | "post">;

export const idOf = (callback: string): string => callbackFields(callback).callback_id;

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POSTs a subscribe/unsubscribe and expects the hub's 202. */
export async function ask(sc: HubUnderTest, form: Record<string, string>): Promise<void> {
  const res = await sc.post(form);
  assert.equal(res.status, 202, `${JSON.stringify(form)} -> ${res.status} ${res.text}`);
}

const intentLines = (sc: HubUnderTest, callback: string, mode: string): LogLine[] =>
  sc.logs.filter((l) => l.msg.startsWith("websub intent") && l["callback_id"] === idOf(callback) && l["mode"] === mode);

/** Waits for the hub's verdict on the `nth` verification of (callback, mode) and returns whether it was confirmed. */
export async function verdict(
  sc: HubUnderTest,
  callback: string,
  mode: "subscribe" | "unsubscribe",
  nth = 1,
  timeoutMs = 8000,
): Promise<LogLine> {
  await until(
    () => intentLines(sc, callback, mode).length >= nth,
    timeoutMs,
    `verification #${nth} (${mode}) of ${callback}`,
  );
  return intentLines(sc, callback, mode)[nth - 1]!;
}

export const logsFor = (sc: HubUnderTest, callback: string, msg: string): LogLine[] =>
  sc.logs.filter((l) => l.msg === msg && l["callback_id"] === idOf(callback));
