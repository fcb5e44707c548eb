-- Referrals: de-identified requests from one therapist to chosen colleagues and/or the board. A referral's
-- stored status is open, placed or withdrawn; an open one past expires_at reads as expired (computed on every read, so
-- no sweep has to run on time). expires_at is the end of needed_by, or 30 days after sending without one.
CREATE TABLE IF NOT EXISTS "referrals" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "sender_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "age_group" text NOT NULL,
  "concerns" text[] NOT NULL,
  "modalities" text[] NOT NULL DEFAULT '{}'::text[],
  "session_formats" text[] NOT NULL,
  "region" text NOT NULL,
  "languages" text[] NOT NULL DEFAULT '{}'::text[],
  "fee_models" text[] NOT NULL DEFAULT '{}'::text[],
  "urgency" text NOT NULL DEFAULT 'routine',
  "needed_by" date,
  "note" text NOT NULL DEFAULT '',
  "to_board" boolean NOT NULL DEFAULT false,
  "status" text NOT NULL DEFAULT 'open',
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "referrals_status_check" CHECK ("status" IN ('open', 'placed', 'withdrawn')),
  CONSTRAINT "referrals_urgency_check" CHECK ("urgency" IN ('routine', 'soon', 'urgent')),
  CONSTRAINT "referrals_note_length_check" CHECK (char_length("note") <= 1000)
);
--> statement-breakpoint
-- The sent box, newest first.
CREATE INDEX IF NOT EXISTS "referrals_sender_created_idx" ON "referrals" ("sender_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The board: open requests on the board by age group, newest first.
CREATE INDEX IF NOT EXISTS "referrals_board_idx" ON "referrals" ("age_group", "created_at" DESC, "id" DESC)
  WHERE "to_board" AND "status" = 'open';
--> statement-breakpoint
-- Administrators' counts per status.
CREATE INDEX IF NOT EXISTS "referrals_status_expires_idx" ON "referrals" ("status", "expires_at");
--> statement-breakpoint
-- Who a referral was sent to, and their answer. created_at is when they received it (the referral's time, or the
-- moment their board offer was accepted): the received box's order.
CREATE TABLE IF NOT EXISTS "referral_recipients" (
  "referral_id" uuid NOT NULL REFERENCES "referrals"("id") ON DELETE CASCADE,
  "recipient_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "response" text NOT NULL DEFAULT 'pending',
  "message" text,
  "responded_at" timestamp with time zone,
  "via_board" boolean NOT NULL DEFAULT false,
  "conversation_id" uuid REFERENCES "conversations"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("referral_id", "recipient_id"),
  CONSTRAINT "referral_recipients_response_check" CHECK ("response" IN ('pending', 'accepted', 'declined', 'no capacity')),
  CONSTRAINT "referral_recipients_message_length_check" CHECK ("message" IS NULL OR char_length("message") <= 500)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referral_recipients_inbox_idx" ON "referral_recipients" ("recipient_id", "created_at" DESC, "referral_id" DESC);
--> statement-breakpoint
-- The nav badge: referrals still waiting for this recipient's answer.
CREATE INDEX IF NOT EXISTS "referral_recipients_pending_idx" ON "referral_recipients" ("recipient_id") WHERE "response" = 'pending';
--> statement-breakpoint
-- "I can take this" from the board: one offer per therapist and referral.
CREATE TABLE IF NOT EXISTS "referral_offers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "referral_id" uuid NOT NULL REFERENCES "referrals"("id") ON DELETE CASCADE,
  "therapist_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "message" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'open',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "referral_offers_status_check" CHECK ("status" IN ('open', 'accepted')),
  CONSTRAINT "referral_offers_message_length_check" CHECK (char_length("message") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "referral_offers_one_idx" ON "referral_offers" ("referral_id", "therapist_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referral_offers_therapist_idx" ON "referral_offers" ("therapist_id");
--> statement-breakpoint
-- A chat line the system wrote (a referral accepted) rather than a person: the chat shows it apart.
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "kind" text NOT NULL DEFAULT 'text';
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("kind" IN ('text', 'system'));
