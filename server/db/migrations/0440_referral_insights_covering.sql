-- A member's referral insights from three index ranges read without the tables (docs/decisions/0370). Each recipient
-- row carries its referral's sender and sending time, which never change after sending: a BEFORE INSERT trigger copies
-- them from the referral, whatever the insert gave, so every path that adds a recipient (sending, the board, a
-- practice's assignment, fixtures) keeps them true. The sent box's and the received box's indexes gain the columns the
-- insights count (status and updated_at; the sender, answer and outcome): those columns were already in other indexes,
-- so writes to them were already not HOT updates and cost the same.
ALTER TABLE referral_recipients ADD COLUMN IF NOT EXISTS sender_id uuid;
--> statement-breakpoint
ALTER TABLE referral_recipients ADD COLUMN IF NOT EXISTS referral_created_at timestamp with time zone;
--> statement-breakpoint
UPDATE referral_recipients x SET sender_id = r.sender_id, referral_created_at = r.created_at
  FROM referrals r WHERE r.id = x.referral_id AND (x.sender_id IS NULL OR x.referral_created_at IS NULL);
--> statement-breakpoint
ALTER TABLE referral_recipients ALTER COLUMN sender_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE referral_recipients ALTER COLUMN referral_created_at SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "referral_recipients_copy_referral"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.sender_id, r.created_at INTO NEW.sender_id, NEW.referral_created_at FROM referrals r WHERE r.id = NEW.referral_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "referral_recipients_copy_referral" ON "referral_recipients";
--> statement-breakpoint
CREATE TRIGGER "referral_recipients_copy_referral" BEFORE INSERT OR UPDATE OF "referral_id", "sender_id", "referral_created_at"
  ON "referral_recipients" FOR EACH ROW EXECUTE FUNCTION "referral_recipients_copy_referral"();
--> statement-breakpoint
-- Nothing moves a referral's sender or sending time; should anything ever, its recipients follow.
CREATE OR REPLACE FUNCTION "referrals_copy_to_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_recipients SET sender_id = NEW.sender_id, referral_created_at = NEW.created_at WHERE referral_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "referrals_copy_to_recipients" ON "referrals";
--> statement-breakpoint
CREATE TRIGGER "referrals_copy_to_recipients" AFTER UPDATE OF "sender_id", "created_at" ON "referrals" FOR EACH ROW
  WHEN (OLD.sender_id IS DISTINCT FROM NEW.sender_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "referrals_copy_to_recipients"();
--> statement-breakpoint
-- Sent: the member's referrals with what the figures count of each (the sent box reads the same index's leading columns).
DROP INDEX IF EXISTS referrals_sender_created_idx;
--> statement-breakpoint
CREATE INDEX referrals_sender_created_idx ON referrals (sender_id, created_at DESC, id DESC, status, updated_at);
--> statement-breakpoint
-- Received: the member's recipient rows with their sender, answer and outcome (the received box reads the leading columns).
DROP INDEX IF EXISTS referral_recipients_inbox_idx;
--> statement-breakpoint
CREATE INDEX referral_recipients_inbox_idx ON referral_recipients (recipient_id, created_at DESC, referral_id DESC, sender_id, response, outcome);
--> statement-breakpoint
-- Sent to: the recipients of the member's referrals by the referral's sending time, with their answer and outcome.
CREATE INDEX IF NOT EXISTS referral_recipients_sender_idx ON referral_recipients (sender_id, referral_created_at, referral_id, recipient_id, response, outcome);
