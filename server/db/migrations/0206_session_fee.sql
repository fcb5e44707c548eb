-- A therapist's fee per session (issue 32), shown on the profile beside the fee models: optional, both parts or none.
-- Whole cents, so no rounding ever changes what the member typed; currencies of the regions the network lists.
ALTER TABLE users ADD COLUMN session_fee_cents integer;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN session_fee_currency text;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_session_fee_check CHECK (
  (session_fee_cents IS NULL) = (session_fee_currency IS NULL)
  AND (session_fee_cents IS NULL OR session_fee_cents BETWEEN 1 AND 200000)
  AND (session_fee_currency IS NULL OR session_fee_currency IN ('CAD', 'USD')));
