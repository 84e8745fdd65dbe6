// The hub's SQLite schema, as ordered migrations applied in code and tracked in PRAGMA user_version.
import type { DatabaseSync } from "node:sqlite";
import { type Migration, migrateSqlite, type SchemaBook } from "../../../db/migrate.ts";

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "topics, subscriptions, verifications, deliveries",
    sql: `
      CREATE TABLE topics (
        url TEXT PRIMARY KEY,
        sha256 TEXT NOT NULL,
        content_type TEXT NOT NULL,
        changed_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE subscriptions (
        id INTEGER PRIMARY KEY,
        topic TEXT NOT NULL,
        callback TEXT NOT NULL,
        callback_host TEXT NOT NULL,
        secret TEXT,
        lease_seconds INTEGER NOT NULL,
        verified_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        consecutive_failures INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        UNIQUE (topic, callback)
      ) STRICT;
      CREATE INDEX subscriptions_by_host ON subscriptions (callback_host);
      CREATE INDEX subscriptions_by_expiry ON subscriptions (expires_at);

      -- Pending GETs to callbacks: intents to verify (one per topic and callback) and denial notices.
      CREATE TABLE verifications (
        id INTEGER PRIMARY KEY,
        token TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe', 'denied')),
        topic TEXT NOT NULL,
        callback TEXT NOT NULL,
        callback_host TEXT NOT NULL,
        secret TEXT,
        lease_seconds INTEGER NOT NULL,
        reason TEXT,
        requested_at INTEGER NOT NULL,
        claimed_by TEXT,
        claim_expires_at INTEGER
      ) STRICT;
      CREATE UNIQUE INDEX verifications_intent ON verifications (topic, callback) WHERE mode <> 'denied';
      CREATE INDEX verifications_by_host ON verifications (callback_host);

      -- The outbox: at most one pending delivery per subscription, brought up to the newest topic version.
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY,
        subscription_id INTEGER NOT NULL UNIQUE REFERENCES subscriptions (id) ON DELETE CASCADE,
        content_sha256 TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        enqueued_at INTEGER NOT NULL,
        claimed_by TEXT,
        claim_expires_at INTEGER
      ) STRICT;
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at);
    `,
  },
  {
    version: 2,
    name: "release sequence per topic, shared rate-limit buckets",
    sql: `
      -- When the newest release seen for the topic was published: older releases never queue their content.
      ALTER TABLE topics ADD COLUMN released_at INTEGER NOT NULL DEFAULT 0;
      -- Bumped for each change queued: the monotonic release sequence of the topic.
      ALTER TABLE topics ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE topic_changes (
        topic TEXT NOT NULL,
        seq INTEGER NOT NULL,
        released_at INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (topic, seq)
      ) STRICT;
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        tokens REAL NOT NULL,
        at INTEGER NOT NULL,
        allowed INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: "deliveries indexed in the order they are claimed",
    sql: `
      -- A claim takes the first due deliveries in this order: the index hands them over without sorting every pending
      -- delivery (a fan-out to 10,000 subscribers claims a few at a time, thousands of times).
      DROP INDEX deliveries_due;
      CREATE INDEX deliveries_claim_order ON deliveries (next_attempt_at, content_sha256, id);
    `,
  },
];

/** The version is PRAGMA user_version: the MCP session tables in the same file keep theirs apart. */
const BOOK: SchemaBook = {
  what: "the hub database",
  read: "SELECT user_version AS v FROM pragma_user_version",
  record: (m) => [`PRAGMA user_version = ${m.version}`, []],
};

/** Applies the migrations the database has not seen yet. */
export const migrate = (db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): void =>
  migrateSqlite(db, BOOK, migrations);
