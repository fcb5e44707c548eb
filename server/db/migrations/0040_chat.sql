-- Chat. Marking messages delivered or read touches only those not yet read: a partial index keeps that
-- cheap however long a conversation grows. The checks keep the stored values to what the service allows.
CREATE INDEX IF NOT EXISTS "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE "status" <> 'read';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("status" IN ('sent', 'delivered', 'read'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_text_length_check" CHECK (char_length("text") BETWEEN 1 AND 4000);
