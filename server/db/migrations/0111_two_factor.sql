-- TOTP two-factor sign-in. The secret is encrypted with the server's key (server/lib/secret-box.ts);
-- enabled_at is null while an enrolment waits for its first code; last_step is the time step of the last code
-- accepted, so a code cannot be replayed within its window.
CREATE TABLE IF NOT EXISTS "two_factor" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "secret" text NOT NULL,
  "enabled_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Single-use recovery codes, stored as SHA-256 hashes of 80 random bits each.
CREATE TABLE IF NOT EXISTS "recovery_codes" (
  "code_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recovery_codes_user_idx" ON "recovery_codes" ("user_id");
--> statement-breakpoint
-- The second step of a sign-in: a short-lived, single-use token (hashed) that is not a session.
CREATE TABLE IF NOT EXISTS "mfa_challenges" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mfa_challenges_user_idx" ON "mfa_challenges" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mfa_challenges_expires_idx" ON "mfa_challenges" ("expires_at");
