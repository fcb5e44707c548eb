-- The chat's send limit (30 messages per user per 10 seconds) counted in the statement that stores the message, on the
-- database every node shares: exact across nodes without a Redis round trip before each message (docs/decisions/0031).
CREATE TABLE IF NOT EXISTS "chat_send_counts" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
  "window_start" timestamp with time zone NOT NULL,
  "count" integer NOT NULL
);
