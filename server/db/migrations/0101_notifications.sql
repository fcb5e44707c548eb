-- Notifications (docs/decisions/0058-notifications.md). One row per item a member sees; likes are grouped
-- in one row per liked post or comment (group_key), updated in place. `source_id` is the comment or post that caused
-- it: deleting that withdraws it; a post's deletion withdraws every row about it through post_id's cascade.
-- `visible` is false when the member turned the type off in the app but still wants its email.
CREATE TABLE IF NOT EXISTS "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "actor_ids" uuid[] NOT NULL DEFAULT '{}',
  "actor_count" integer NOT NULL DEFAULT 0,
  "target_kind" text NOT NULL,
  "target_id" uuid NOT NULL,
  "target_title" text NOT NULL,
  "target_url" text NOT NULL,
  "place" text NOT NULL DEFAULT '',
  "post_id" uuid REFERENCES "posts"("id") ON DELETE CASCADE,
  "source_id" uuid,
  "group_key" text,
  "visible" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "read_at" timestamp with time zone,
  "emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_created_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC) WHERE "visible";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL AND "visible";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unemailed_idx" ON "notifications" ("user_id", "created_at") WHERE "read_at" IS NULL AND "emailed_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_group_idx" ON "notifications" ("user_id", "group_key") WHERE "group_key" IS NOT NULL;
--> statement-breakpoint
-- Never twice for one event: one item per member per causing comment or post (a reply that mentions me is one).
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_event_idx" ON "notifications" ("user_id", "source_id") WHERE "source_id" IS NOT NULL AND "group_key" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_source_idx" ON "notifications" ("source_id") WHERE "source_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_post_idx" ON "notifications" ("post_id") WHERE "post_id" IS NOT NULL;
--> statement-breakpoint
-- Only what a member changed; everything else is DEFAULT_PREFERENCES (common/notifications.ts).
CREATE TABLE IF NOT EXISTS "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "in_app" boolean NOT NULL,
  "email" text NOT NULL,
  PRIMARY KEY ("user_id", "key"),
  CONSTRAINT "notification_preferences_email_check" CHECK ("email" IN ('off', 'immediate', 'daily'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "post_follows" (
  "post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("post_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_follows_user_idx" ON "post_follows" ("user_id");
--> statement-breakpoint
-- Authors follow their own posts.
INSERT INTO "post_follows" ("post_id", "user_id") SELECT "id", "author_id" FROM "posts" ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "time_zone" text NOT NULL DEFAULT 'UTC';
--> statement-breakpoint
-- The last daily digest sent (or considered) for the member: one a day, at 08:00 in their time zone.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "digest_at" timestamp with time zone;
