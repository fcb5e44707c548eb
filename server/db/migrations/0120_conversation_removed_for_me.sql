-- Deleting a conversation removes it for the one who deletes it only: their row hides it from their list and
-- clears their copy of its history up to that moment; the other participant keeps theirs. A new message shows it again,
-- with only what came after.
ALTER TABLE conversation_participants ADD COLUMN hidden boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE conversation_participants ADD COLUMN cleared_at timestamptz;
