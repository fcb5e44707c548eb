-- Group conversations (issue 34, docs/decisions/0230-group-conversations.md): up to 12 members, a title, the member who
-- started it (who adds and removes, and may let every member add), and each member's receipt marks: a group's
-- "Delivered to 4" and "Read by 3 of 5" are counted from the marks, not stored per message and member. A group's
-- pair_key is "group:<its id>", so the one-to-one uniqueness stays as it is.
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS is_group boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS title text;
--> statement-breakpoint
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS creator_id uuid;
--> statement-breakpoint
ALTER TABLE conversations ADD COLUMN IF NOT EXISTS members_can_add boolean NOT NULL DEFAULT false;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE conversations ADD CONSTRAINT conversations_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES users(id) ON DELETE SET NULL;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE conversations ADD CONSTRAINT conversations_title_length_check CHECK (char_length(title) BETWEEN 1 AND 80);
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
-- When the member joined (the creator role passes to the longest-standing member when the creator leaves), and the
-- newest message each member's device has received and read in a group.
ALTER TABLE conversation_participants ADD COLUMN IF NOT EXISTS joined_at timestamp with time zone NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE conversation_participants ADD COLUMN IF NOT EXISTS delivered_through timestamp with time zone;
--> statement-breakpoint
ALTER TABLE conversation_participants ADD COLUMN IF NOT EXISTS read_through timestamp with time zone;
