-- The sessions list names each session's device and browser (from the User-Agent) and its network address.
-- The address is stored with its last octet (IPv6: its last groups) already hidden: it is only ever shown that way.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "ip" text;
--> statement-breakpoint
-- The member's sessions list, newest first, in cursor pages.
CREATE INDEX IF NOT EXISTS "sessions_user_created_idx" ON "sessions" ("user_id", "created_at" DESC, "id" DESC);
