-- Referrals, the whole loop (docs/decisions/0240, 0241, 0242). An accepting recipient records what happened after the
-- hand-off, once, within 30 days: one of three fixed outcomes, never free text. Each member's responsiveness over the
-- referrals received in the last 90 days is computed by a job (one set-based statement) and kept on the member's row, so
-- cards, profiles and suggestions read it with the rest of the row; rate and median are null below three referrals.
ALTER TABLE referral_recipients ADD COLUMN IF NOT EXISTS outcome text;
--> statement-breakpoint
ALTER TABLE referral_recipients ADD COLUMN IF NOT EXISTS outcome_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE referral_recipients ADD CONSTRAINT referral_recipients_outcome_check CHECK (
  (outcome IS NULL) = (outcome_at IS NULL)
  AND (outcome IS NULL OR (response = 'accepted' AND outcome IN ('first session held', 'client did not follow up', 'not a fit, referred on'))));
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS response_rate real;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS median_response_hours real;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS responses_counted integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS responses_answered integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS responsiveness_at timestamp with time zone;
--> statement-breakpoint
-- The responsiveness job's window (received in the last 90 days) and the administrators' monthly series.
CREATE INDEX IF NOT EXISTS referral_recipients_created_idx ON referral_recipients (created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS referrals_created_idx ON referrals (created_at);
--> statement-breakpoint
-- A member's insights: the outcomes recorded on their own received referrals.
CREATE INDEX IF NOT EXISTS referral_recipients_outcome_idx ON referral_recipients (recipient_id, outcome) WHERE outcome IS NOT NULL;
