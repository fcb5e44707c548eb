-- Rate-limit windows kept in the database, for nodes that share PostgreSQL without Redis (server/lib/rate-limit.ts):
-- a write limit then holds across every node. UNLOGGED: counters are worth nothing after a crash, and skipping the WAL
-- keeps each counted write cheap.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_windows" (
  "key" text PRIMARY KEY NOT NULL,
  "count" integer NOT NULL,
  "reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_windows_reset_idx" ON "rate_limit_windows" ("reset_at");
