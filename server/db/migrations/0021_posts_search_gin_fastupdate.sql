-- Searches read GIN's pending list on every query; without it, inserts merge at once and searches stay flat.
ALTER INDEX "posts_search_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "communities_search_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "resources_search_gin" SET (fastupdate = off);
