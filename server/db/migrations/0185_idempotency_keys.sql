-- A create retried with the same Idempotency-Key header answers what the first one answered (server/lib/idempotency.ts,
-- docs/decisions/0147-idempotency-keys.md): per member and key, the request's fingerprint, then its status and body once
-- answered (both null while it is being handled). Kept 24 hours; the member's keys go with their account.
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "fingerprint" text NOT NULL,
  "status" integer,
  "body" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at");
