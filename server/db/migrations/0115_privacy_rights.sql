-- Uploaded profile photos, data exports, account deletion and licence expiry.
-- A member's uploaded photo, re-encoded as a 256-pixel WebP; its content hash is in the URL, so a new photo is a new URL.
CREATE TABLE IF NOT EXISTS "avatar_images" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "hash" text NOT NULL,
  "image" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "hash")
);
--> statement-breakpoint
-- "Download my data": one row per request; the ZIP is a file under DATA_DIR/exports, removed after 24 hours.
CREATE TABLE IF NOT EXISTS "data_exports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'preparing',
  "size_bytes" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "ready_at" timestamp with time zone,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "data_exports_status_check" CHECK ("status" IN ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_exports_user_created_idx" ON "data_exports" ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_exports_expires_idx" ON "data_exports" ("expires_at");
--> statement-breakpoint
-- A deleted account keeps its row (posts, comments and messages point at it) with every personal field erased.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- Licence expiry: NULL is unknown (members from before this migration). The notice column holds the last reminder
-- sent (30 or 7 days before), so the daily job sends each once; lapsed_at marks a member back in the queue for renewal.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "licence_expires_on" date;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "licence_expiry_notice" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "licence_lapsed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_licence_expiry_idx" ON "users" ("licence_expires_on", "id")
  WHERE "verification_status" = 'verified' AND "licence_expires_on" IS NOT NULL;
--> statement-breakpoint
-- A member's rows, found by author for the export and the deletion (the export's sections and the erasure read these).
CREATE INDEX IF NOT EXISTS "comments_author_idx" ON "comments" ("author_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_likes_user_idx" ON "post_likes" ("user_id", "post_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorites_favorite_idx" ON "favorites" ("favorite_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "communities_created_by_idx" ON "communities" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_created_by_idx" ON "resources" ("created_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_reporter_idx" ON "reports" ("reporter_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_target_idx" ON "audit_log" ("target_type", "target_id");
