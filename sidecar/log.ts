// Structured logging for the sidecar: one JSON line per event, errors serialised with their cause (never sent to clients).

export type LogFields = Record<string, unknown>;

export type Logger = Readonly<{
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}>;

type Level = "info" | "warn" | "error";

/** Writes `{"time","level","msg",...fields}` lines; info goes to `out`, warnings and errors to `err`. */
export function createLogger(
  out: (line: string) => void = (line) => process.stdout.write(line),
  err: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const write = (level: Level, msg: string, fields?: LogFields) => {
    const record: LogFields = { time: new Date().toISOString(), level, msg };
    if (fields) for (const [k, v] of Object.entries(fields)) record[k] = v instanceof Error ? serializeError(v) : v;
    (level === "info" ? out : err)(`${JSON.stringify(record)}\n`);
  };
  return Object.freeze({
    info: (msg: string, fields?: LogFields) => write("info", msg, fields),
    warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
    error: (msg: string, fields?: LogFields) => write("error", msg, fields),
  });
}

function serializeError(err: Error): LogFields {
  const out: LogFields = { name: err.name, message: err.message };
  const code = (err as NodeJS.ErrnoException).code;
  if (code !== undefined) out["code"] = code;
  if (err.stack) out["stack"] = err.stack;
  if (err.cause instanceof Error) out["cause"] = serializeError(err.cause);
  return out;
}
