-- Directory filters (decision 0046): fee models get their GIN index like the other lists; the status is
-- indexed for "accepting"; and a location's province or state is read once, when it is written, into location_region.
CREATE INDEX IF NOT EXISTS users_fee_models_gin ON users USING gin (fee_models) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_accepting_clients_idx ON users (accepting_clients);
--> statement-breakpoint
-- The region a free-text location names: drop trailing country names (Canada, USA, US, United States), then the last
-- comma-separated part must be a region code or name ("Toronto, ON, Canada" and "Toronto, Ontario" are ON; "Toronto"
-- and "London, England, UK" are none). The list is common/regions.ts, written out (a test compares the two).
CREATE OR REPLACE FUNCTION region_of_location(location text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT r.code
  FROM (SELECT btrim(regexp_replace(
      regexp_replace(lower(location), '(\s*,\s*(united states of america|united states|u\.s\.a\.?|u\.s\.?|usa|us|canada))+[\s.]*$', ''),
      '^.*,', '')) AS tail) AS t
  JOIN (VALUES
    ('AB', 'alberta'), ('BC', 'british columbia'), ('MB', 'manitoba'), ('NB', 'new brunswick'),
    ('NL', 'newfoundland and labrador'), ('NS', 'nova scotia'), ('NT', 'northwest territories'), ('NU', 'nunavut'),
    ('ON', 'ontario'), ('PE', 'prince edward island'), ('QC', 'quebec'), ('SK', 'saskatchewan'), ('YT', 'yukon'),
    ('AL', 'alabama'), ('AK', 'alaska'), ('AZ', 'arizona'), ('AR', 'arkansas'), ('CA', 'california'),
    ('CO', 'colorado'), ('CT', 'connecticut'), ('DE', 'delaware'), ('DC', 'district of columbia'),
    ('FL', 'florida'), ('GA', 'georgia'), ('HI', 'hawaii'), ('ID', 'idaho'), ('IL', 'illinois'), ('IN', 'indiana'),
    ('IA', 'iowa'), ('KS', 'kansas'), ('KY', 'kentucky'), ('LA', 'louisiana'), ('ME', 'maine'), ('MD', 'maryland'),
    ('MA', 'massachusetts'), ('MI', 'michigan'), ('MN', 'minnesota'), ('MS', 'mississippi'), ('MO', 'missouri'),
    ('MT', 'montana'), ('NE', 'nebraska'), ('NV', 'nevada'), ('NH', 'new hampshire'), ('NJ', 'new jersey'),
    ('NM', 'new mexico'), ('NY', 'new york'), ('NC', 'north carolina'), ('ND', 'north dakota'), ('OH', 'ohio'),
    ('OK', 'oklahoma'), ('OR', 'oregon'), ('PA', 'pennsylvania'), ('RI', 'rhode island'), ('SC', 'south carolina'),
    ('SD', 'south dakota'), ('TN', 'tennessee'), ('TX', 'texas'), ('UT', 'utah'), ('VT', 'vermont'),
    ('VA', 'virginia'), ('WA', 'washington'), ('WV', 'west virginia'), ('WI', 'wisconsin'), ('WY', 'wyoming'),
    ('QC', 'québec')
  ) AS r(code, name) ON t.tail IN (lower(r.code), r.name)
  LIMIT 1
$$;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN location_region text GENERATED ALWAYS AS (region_of_location(location)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_location_region_idx ON users (location_region) WHERE location_region IS NOT NULL;
