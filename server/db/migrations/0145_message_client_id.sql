-- A chat send may be retried (a node died before its acknowledgement reached the client): the client's own
-- id for the message makes the retry find the message stored the first time instead of storing it again.
ALTER TABLE messages ADD COLUMN client_message_id text;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_client_message_id_check CHECK (char_length(client_message_id) BETWEEN 1 AND 64);
--> statement-breakpoint
CREATE UNIQUE INDEX messages_sender_client_id_idx ON messages (sender_id, client_message_id) WHERE client_message_id IS NOT NULL;
