-- Reports of content to the moderators. One OPEN report per reporter and item (a unique partial index);
-- an item's reports resolve together. The target's author is kept at report time so a later change of the content
-- cannot move the report to someone else, and so the review page can name who to warn or suspend.
CREATE TABLE IF NOT EXISTS "reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target_type" text NOT NULL,
  "target_id" uuid NOT NULL,
  "target_author_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "reason" text NOT NULL,
  "details" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'open',
  "resolution" text,
  "note" text,
  "resolved_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reports_target_type_check" CHECK ("target_type" IN ('post', 'comment', 'resource', 'profile', 'message')),
  CONSTRAINT "reports_reason_check" CHECK ("reason" IN ('spam', 'harassment', 'misinformation', 'client privacy', 'impersonation or unlicensed', 'other')),
  CONSTRAINT "reports_details_length_check" CHECK (char_length("details") <= 1000),
  CONSTRAINT "reports_note_length_check" CHECK ("note" IS NULL OR char_length("note") <= 1000),
  CONSTRAINT "reports_status_check" CHECK ("status" IN ('open', 'resolved')),
  CONSTRAINT "reports_resolution_check" CHECK ("resolution" IS NULL OR "resolution" IN ('dismiss', 'remove', 'warn', 'suspend'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reports_one_open_idx" ON "reports" ("reporter_id", "target_type", "target_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_open_item_idx" ON "reports" ("target_type", "target_id", "created_at" DESC, "id" DESC) WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_open_created_idx" ON "reports" ("created_at" DESC, "id" DESC) WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reports_resolved_idx" ON "reports" ("resolved_at" DESC, "target_type", "target_id") WHERE "status" = 'resolved';
