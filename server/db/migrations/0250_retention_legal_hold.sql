-- Retention and legal hold (docs/decisions/0195-retention-legal-hold.md). A member under legal hold keeps everything
-- the daily retention purge would otherwise remove; who set it, when and why are shown to administrators only.
ALTER TABLE users ADD COLUMN legal_hold_at timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN legal_hold_reason text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN legal_hold_by uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_legal_hold_check
  CHECK ((legal_hold_at IS NULL) = (legal_hold_reason IS NULL) AND (legal_hold_reason IS NULL OR char_length(legal_hold_reason) BETWEEN 1 AND 500));
--> statement-breakpoint
CREATE INDEX users_legal_hold_idx ON users (id) WHERE legal_hold_at IS NOT NULL;
--> statement-breakpoint

-- The purge walks each kind from its oldest rows: without these it would read whole tables every day.
CREATE INDEX messages_created_idx ON messages (created_at);
--> statement-breakpoint
CREATE INDEX notifications_created_idx ON notifications (created_at);
--> statement-breakpoint
CREATE INDEX referrals_status_updated_idx ON referrals (status, updated_at);
--> statement-breakpoint
CREATE INDEX data_exports_created_idx ON data_exports (created_at);
--> statement-breakpoint
CREATE INDEX sessions_last_used_idx ON sessions (last_used_at);
--> statement-breakpoint
CREATE INDEX sessions_created_idx ON sessions (created_at);
