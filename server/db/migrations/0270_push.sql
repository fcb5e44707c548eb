-- Push notifications (docs/decisions/0205-web-push.md): a third channel beside in-app and email, null meaning the
-- type's default (common/notifications.ts), and the devices a member allowed to receive them. An endpoint is a push
-- service's URL for one browser: one row however often that browser subscribes again.
ALTER TABLE notification_preferences ADD COLUMN IF NOT EXISTS push boolean;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "device_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_sent_at" timestamp with time zone,
  CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE ("endpoint")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
--> statement-breakpoint
-- The tags a device was shown a push for and not yet told to close: a read elsewhere closes only those.
CREATE TABLE IF NOT EXISTS "push_tags" (
  "subscription_id" uuid NOT NULL,
  "tag" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "push_tags_pkey" PRIMARY KEY ("subscription_id", "tag"),
  CONSTRAINT "push_tags_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "push_subscriptions"("id") ON DELETE CASCADE
);
