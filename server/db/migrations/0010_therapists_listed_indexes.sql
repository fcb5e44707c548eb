-- Partial indexes over listed therapists only (verified, enabled, not an administrator account: the rule of
-- server/features/therapists/queries.ts isListed). Figures in bench/results/therapists.json.
-- Featured therapists: the most recently verified, read from the top of the index instead of sorting everyone.
CREATE INDEX IF NOT EXISTS "users_listed_verified_idx" ON "users" USING btree ("verified_at" DESC NULLS LAST, "id" DESC)
  WHERE "verification_status" = 'verified' AND NOT "disabled" AND "role" <> 'admin';
--> statement-breakpoint
-- The unfiltered directory: pages in name order, and the total as an index-only count.
CREATE INDEX IF NOT EXISTS "users_listed_name_idx" ON "users" USING btree ("name", "id")
  WHERE "verification_status" = 'verified' AND NOT "disabled" AND "role" <> 'admin';
--> statement-breakpoint
-- The directory's GIN indexes: users are read far more often than written, and with fastupdate every search also
-- scans the unsorted pending list (measured: 2-3 ms instead of 0.3 ms after a bulk insert). Insert directly instead.
ALTER INDEX "users_specialties_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_modalities_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_demographics_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_session_format_gin" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_location_trgm" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_name_trgm" SET (fastupdate = off);
--> statement-breakpoint
-- Turning fastupdate off leaves what is already pending; merge it into the main index now.
SELECT gin_clean_pending_list(i::regclass) FROM unnest(ARRAY['users_specialties_gin', 'users_modalities_gin',
  'users_demographics_gin', 'users_session_format_gin', 'users_location_trgm', 'users_name_trgm']) AS i;
