-- An item names at most three actors (notify.ts keeps the latest three of a grouped like): the notifications' pages read
-- each of the three slots by key instead of unnesting and sorting the list per row (docs/decisions/0106), which is
-- complete only while this holds. Adding it reads the table once (migrations run in one transaction, writes wait).
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_ids_max" CHECK (cardinality("actor_ids") <= 3);
