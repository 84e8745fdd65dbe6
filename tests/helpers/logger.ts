// A logger that keeps what it is told, for tests that check what the sidecar logs.
import type { LogFields, Logger } from "../../sidecar/log.ts";

type Level = "info" | "warn" | "error";

export function memoryLogger(): Logger & { records: Array<{ level: Level; msg: string; fields?: LogFields }> } {
  const records: Array<{ level: Level; msg: string; fields?: LogFields }> = [];
  const at = (level: Level) => (msg: string, fields?: LogFields) => {
    records.push(fields === undefined ? { level, msg } : { level, msg, fields });
  };
  return { records, info: at("info"), warn: at("warn"), error: at("error") };
}
