-- Group practices (docs/decisions/0245-group-practices.md): a practice with its locations, its members and their roles,
-- invitations, its logo, and the referrals sent to it (its shared intake inbox).
CREATE TABLE IF NOT EXISTS "practices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "slug" text NOT NULL,
  "name" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "website" text NOT NULL DEFAULT '',
  "phone" text,
  "logo" text,
  -- [{city, region}] as entered; "regions" repeats the codes so the directory filters on an index.
  "locations" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "regions" text[] NOT NULL DEFAULT '{}'::text[],
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "practices_slug_key" UNIQUE ("slug"),
  CONSTRAINT "practices_name_length_check" CHECK (char_length("name") BETWEEN 1 AND 120),
  CONSTRAINT "practices_description_length_check" CHECK (char_length("description") <= 2000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practices_regions_idx" ON "practices" USING gin ("regions");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practices_name_trgm" ON "practices" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practices_name_id_idx" ON "practices" (lower("name"), "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "practice_members" (
  "practice_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "role" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "practice_members_pkey" PRIMARY KEY ("practice_id", "user_id"),
  CONSTRAINT "practice_members_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_members_role_check" CHECK ("role" IN ('owner', 'admin', 'clinician', 'intake'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practice_members_user_idx" ON "practice_members" ("user_id");
--> statement-breakpoint
-- One owner per practice: handing over ownership swaps the two roles in one transaction.
CREATE UNIQUE INDEX IF NOT EXISTS "practice_members_one_owner_idx" ON "practice_members" ("practice_id") WHERE "role" = 'owner';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "practice_invitations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "practice_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "role" text NOT NULL,
  "invited_by" uuid,
  "status" text NOT NULL DEFAULT 'pending',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "answered_at" timestamp with time zone,
  CONSTRAINT "practice_invitations_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_invitations_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "practice_invitations_role_check" CHECK ("role" IN ('admin', 'clinician', 'intake')),
  CONSTRAINT "practice_invitations_status_check" CHECK ("status" IN ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
-- One pending invitation per practice and member.
CREATE UNIQUE INDEX IF NOT EXISTS "practice_invitations_pending_idx" ON "practice_invitations" ("user_id", "practice_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practice_invitations_practice_idx" ON "practice_invitations" ("practice_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "practice_logos" (
  "practice_id" uuid NOT NULL,
  "hash" text NOT NULL,
  "image" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "practice_logos_pkey" PRIMARY KEY ("practice_id", "hash"),
  CONSTRAINT "practice_logos_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE
);
--> statement-breakpoint
-- A referral sent to a practice: unassigned in its intake inbox, assigned to one of its clinicians (who then holds a
-- referral_recipients row and answers as any recipient), or answered "no capacity" for the practice.
CREATE TABLE IF NOT EXISTS "practice_referrals" (
  "referral_id" uuid NOT NULL,
  "practice_id" uuid NOT NULL,
  "state" text NOT NULL DEFAULT 'unassigned',
  "assigned_to" uuid,
  "handled_by" uuid,
  "handled_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "practice_referrals_pkey" PRIMARY KEY ("referral_id", "practice_id"),
  CONSTRAINT "practice_referrals_referral_id_fkey" FOREIGN KEY ("referral_id") REFERENCES "referrals"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_referrals_practice_id_fkey" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE,
  CONSTRAINT "practice_referrals_assigned_to_fkey" FOREIGN KEY ("assigned_to") REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "practice_referrals_handled_by_fkey" FOREIGN KEY ("handled_by") REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "practice_referrals_state_check" CHECK ("state" IN ('unassigned', 'assigned', 'no capacity'))
);
--> statement-breakpoint
-- The inbox, newest first, whole or by state: a page is one index range.
CREATE INDEX IF NOT EXISTS "practice_referrals_inbox_idx" ON "practice_referrals" ("practice_id", "created_at" DESC, "referral_id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practice_referrals_state_idx" ON "practice_referrals" ("practice_id", "state", "created_at" DESC, "referral_id" DESC);
