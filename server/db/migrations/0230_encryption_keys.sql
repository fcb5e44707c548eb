-- Encryption at rest (docs/decisions/0185): the data keys, each wrapped (AES-256-GCM) by the key-encryption key of
-- ENCRYPTION_KEY_FILE, which never enters the database. `kek_id` names the key file a row was wrapped by; a node uses
-- for new writes the newest key whose `active_from` has come (a rotation gives every node time to learn the key first).
CREATE TABLE encryption_keys (
  id text PRIMARY KEY,
  wrapped text NOT NULL,
  kek_id text NOT NULL,
  purpose text NOT NULL DEFAULT 'data',
  active_from timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT encryption_keys_purpose_check CHECK (purpose IN ('data', 'two-factor'))
);
--> statement-breakpoint
-- The text columns now hold ciphertext (longer than the words): the words' length is the app's check (common/ schemas).
-- Ciphertext cannot be searched by trigrams: in-conversation search decrypts and scans instead.
DROP INDEX IF EXISTS messages_text_trgm;
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_text_length_check;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_text_length_check CHECK (char_length(text) BETWEEN 1 AND 24000);
--> statement-breakpoint
ALTER TABLE referrals DROP CONSTRAINT referrals_note_length_check;
--> statement-breakpoint
ALTER TABLE referrals ADD CONSTRAINT referrals_note_length_check CHECK (char_length(note) <= 8000);
--> statement-breakpoint
ALTER TABLE referral_offers DROP CONSTRAINT referral_offers_message_length_check;
--> statement-breakpoint
ALTER TABLE referral_offers ADD CONSTRAINT referral_offers_message_length_check CHECK (char_length(message) <= 4000);
--> statement-breakpoint
ALTER TABLE referral_recipients DROP CONSTRAINT referral_recipients_message_length_check;
--> statement-breakpoint
ALTER TABLE referral_recipients ADD CONSTRAINT referral_recipients_message_length_check CHECK (message IS NULL OR char_length(message) <= 4000);
