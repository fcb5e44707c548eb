-- Chat parity: a sender edits or unsends their own message within 15 minutes. `edited_at` marks an edit;
-- `unsent_at` marks an unsent message, whose text is replaced by the tombstone at the same moment (nothing of it stays).
ALTER TABLE messages ADD COLUMN edited_at timestamptz;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN unsent_at timestamptz;
--> statement-breakpoint
-- Search in a conversation's history matches parts of words (ILIKE), served by trigrams. Only what people wrote and
-- still stands is indexed: unsent, removed and system lines never match (the query repeats this predicate).
CREATE INDEX messages_text_trgm ON messages USING gin (lower(text) gin_trgm_ops)
  WHERE unsent_at IS NULL AND removed_at IS NULL AND kind = 'text';
