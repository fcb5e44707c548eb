-- A change of email waits for the link sent to the new address (single use, hashed, expiring).
CREATE TABLE IF NOT EXISTS "email_change_tokens" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "new_email" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_change_tokens_user_idx" ON "email_change_tokens" ("user_id");
