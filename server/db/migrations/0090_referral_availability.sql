-- Referral availability on profiles: whether a therapist takes new clients, in which languages, fee models
-- and licensed regions. availability_updated_at is set by the server whenever availability changes or is reconfirmed.
ALTER TABLE users ADD COLUMN accepting_clients text NOT NULL DEFAULT 'not accepting';
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_accepting_clients_check CHECK (accepting_clients IN ('accepting', 'waitlist', 'not accepting'));
--> statement-breakpoint
ALTER TABLE users ADD COLUMN availability_note text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE users ADD COLUMN availability_updated_at timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN languages text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE users ADD COLUMN fee_models text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE users ADD COLUMN insurers text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE users ADD COLUMN licensed_regions text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE users ADD COLUMN website text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE INDEX users_languages_gin ON users USING gin (languages) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX users_licensed_regions_gin ON users USING gin (licensed_regions) WITH (fastupdate = off);
