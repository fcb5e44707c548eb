-- The job queue (server/lib/jobs.ts, docs/decisions/0057-job-queue.md): delayed and recurring work kept in the
-- database, so it survives a restart and runs once when several nodes share PostgreSQL. A node claims due rows with
-- FOR UPDATE SKIP LOCKED and a lease (locked_until); a finished one-off job is deleted, a recurring one moves its run_at.
CREATE TABLE IF NOT EXISTS "jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "name" text NOT NULL,
  "payload" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "run_at" timestamp with time zone NOT NULL,
  "key" text,
  "attempts" integer NOT NULL DEFAULT 0,
  "locked_until" timestamp with time zone,
  "failed_at" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "jobs_key_idx" ON "jobs" ("key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due_idx" ON "jobs" ("run_at") WHERE "failed_at" IS NULL;
--> statement-breakpoint
-- Secrets the nodes share and that outlive a restart (the unsubscribe links' HMAC key when APP_SECRET is not set).
CREATE TABLE IF NOT EXISTS "app_secrets" (
  "name" text PRIMARY KEY,
  "value" text NOT NULL
);
