-- Blocking: a member blocks another; the blocked member cannot message the blocker, and the blocker sees the
-- blocked member's forum posts collapsed. The primary key serves "did X block Y" and the blocker's list; the reverse
-- index serves "who blocked me" (presence, message checks read it from the other side).
CREATE TABLE IF NOT EXISTS "blocks" (
  "blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("blocker_id", "blocked_id"),
  CONSTRAINT "blocks_not_self_check" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blocks_blocked_idx" ON "blocks" ("blocked_id", "blocker_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blocks_blocker_created_idx" ON "blocks" ("blocker_id", "created_at" DESC);
--> statement-breakpoint
-- "Who can message me": everyone, or only the members in my network (my favourites).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "message_policy" text NOT NULL DEFAULT 'everyone';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_message_policy_check" CHECK ("message_policy" IN ('everyone', 'network'));
