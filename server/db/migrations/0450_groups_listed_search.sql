-- A word search of the groups directory reads only listed groups with an open seat (docs/decisions/0420): a text index
-- over exactly those rows, so a search no longer intersects the whole-table text index with the listed index's 15,000
-- entries (bench/groups.ts: 6.7 ms to 1.5 ms a search over 20,000 groups).
CREATE INDEX IF NOT EXISTS "consultation_groups_listed_search_gin" ON "consultation_groups" USING gin ("search") WITH (fastupdate=off)
  WHERE "visibility" = 'listed' AND "members_count" < "max_members";
