// A session's row as either engine returns it, read into the record the store interface speaks.
import type { SessionRecord } from "./store.ts";

export function toSessionRecord(row: Readonly<Record<string, unknown>>): SessionRecord {
  return {
    id: String(row["id"]),
    protocolVersion: String(row["protocol_version"]),
    client: String(row["client"]),
    clientAddress: String(row["client_address"]),
    createdAt: Number(row["created_at"]),
    lastSeenAt: Number(row["last_seen_at"]),
    endedAt: row["ended_at"] === null ? null : Number(row["ended_at"]),
    logLevel: row["log_level"] === null ? null : (row["log_level"] as string),
  };
}
