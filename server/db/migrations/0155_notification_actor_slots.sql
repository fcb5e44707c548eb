-- An item names at most three actors (notify.ts keeps the latest three of a grouped like): the notifications' pages join
-- each of the three slots by key instead of a sub-select per row (docs/decisions/0106), which is complete only while
-- this holds. NOT VALID then VALIDATE: rows written meanwhile are checked at once, the existing ones by one scan.
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_ids_max" CHECK (cardinality("actor_ids") <= 3) NOT VALID;
--> statement-breakpoint
ALTER TABLE "notifications" VALIDATE CONSTRAINT "notifications_actor_ids_max";
