-- The directory's "Practices" tab filters by a city of the practice's locations (docs/decisions/0345): the cities,
-- lower-cased and joined, kept beside the locations they come from, with a trigram index as the users' location has.
ALTER TABLE practices ADD COLUMN IF NOT EXISTS cities text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE practices p SET cities = coalesce((SELECT string_agg(lower(l->>'city'), ' | ') FROM jsonb_array_elements(p.locations) l), '')
  WHERE cities = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS practices_cities_trgm ON practices USING gin (cities gin_trgm_ops);
