// Copies a SQLite hub database into a PostgreSQL one: subscriptions (secrets, leases, failure counts), the topics' last
// pushed hashes, pending deliveries and verifications. One transaction; what the target already has is kept, so a
// second run copies nothing twice and never rolls back what a running cluster has done since.
import { DatabaseSync } from "node:sqlite";
import type { HubDatabase } from "../../sidecar/db/hub-database.ts";
import { migratePostgres } from "../../sidecar/db/migrate.ts";
import { POSTGRES_BOOK, POSTGRES_MIGRATIONS } from "../../sidecar/websub/store/migrations.ts";

type CopyCounts = Readonly<Record<"topics" | "subscriptions" | "deliveries" | "verifications", number>>;
export type CopyReport = Readonly<{ read: CopyCounts; copied: CopyCounts }>;

type Row = Record<string, unknown>;

const SUBSCRIPTION =
  "topic, callback, callback_host, secret, lease_seconds, verified_at, expires_at, consecutive_failures, created_at";
const VERIFICATION = "token, mode, topic, callback, callback_host, secret, lease_seconds, reason, requested_at";

export async function copySqliteHub(
  from: string,
  { pool, sql }: Extract<HubDatabase, { engine: "postgres" }>,
): Promise<CopyReport> {
  const source = new DatabaseSync(from, { readOnly: true });
  try {
    const version = Number((source.prepare("PRAGMA user_version").get() as Row)["user_version"]);
    if (version < 1) throw new Error(`${from} holds no hub database (schema version ${version})`);
    // A database of the first schema has no release order yet: its hashes count as older than any release.
    const hasRelease = version >= 2;
    const all = (sql: string) => source.prepare(sql).all() as Row[];
    const topics = all(
      `SELECT url, sha256, content_type, changed_at, ${hasRelease ? "released_at, seq" : "0 AS released_at, 0 AS seq"} FROM topics`,
    );
    const subscriptions = all(`SELECT ${SUBSCRIPTION} FROM subscriptions`);
    const deliveries = all(
      `SELECT s.topic, s.callback, d.content_sha256, d.attempts, d.next_attempt_at, d.enqueued_at
       FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id`,
    );
    const verifications = all(`SELECT ${VERIFICATION} FROM verifications`);
    const read = {
      topics: topics.length,
      subscriptions: subscriptions.length,
      deliveries: deliveries.length,
      verifications: verifications.length,
    };

    await migratePostgres(sql, POSTGRES_BOOK, POSTGRES_MIGRATIONS);
    const client = await pool.connect();
    const copied = { topics: 0, subscriptions: 0, deliveries: 0, verifications: 0 };
    // Each row's values, in the order its SELECT named them, are the INSERT's parameters $1, $2, ...
    const insert = async (sql: string, row: Row) => (await client.query(sql, Object.values(row))).rowCount ?? 0;
    try {
      await client.query("BEGIN");
      for (const t of topics) {
        copied.topics += await insert(
          `INSERT INTO topics (url, sha256, content_type, changed_at, released_at, seq) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (url) DO NOTHING`,
          t,
        );
      }
      for (const s of subscriptions) {
        copied.subscriptions += await insert(
          `INSERT INTO subscriptions (${SUBSCRIPTION}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (topic, callback) DO NOTHING`,
          s,
        );
      }
      for (const d of deliveries) {
        // Claims are not copied: their claimants are the processes being replaced.
        copied.deliveries += await insert(
          `INSERT INTO deliveries (subscription_id, content_sha256, attempts, next_attempt_at, enqueued_at)
           SELECT id, $3, $4, $5, $6 FROM subscriptions WHERE topic = $1 AND callback = $2
           ON CONFLICT (subscription_id) DO NOTHING`,
          d,
        );
      }
      for (const v of verifications) {
        // A verification's token is unique to it: one already copied is found by it.
        copied.verifications += await insert(
          `INSERT INTO verifications (${VERIFICATION})
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE NOT EXISTS (SELECT 1 FROM verifications WHERE token = $1)
           ON CONFLICT (topic, callback) WHERE mode <> 'denied' DO NOTHING`,
          v,
        );
      }
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return { read, copied };
  } finally {
    source.close();
  }
}
