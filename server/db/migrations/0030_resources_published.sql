-- Published (approved) resources in publication order: the public list, its category filter and the activity feed
-- read the newest approved resources first, so they need an index ordered by approved_at.
CREATE INDEX IF NOT EXISTS "resources_published_idx" ON "resources" USING btree ("approved_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "is_approved";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_published_category_idx" ON "resources" USING btree ("category","approved_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "is_approved";
