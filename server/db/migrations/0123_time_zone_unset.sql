-- A member who never chose a time zone has none ("default from the browser"): the web offers and saves the
-- browser's zone, and the digest reads a missing zone as UTC. 'UTC' was the column default, so a stored 'UTC' is
-- almost always unchosen; reading it as unset offers the browser's zone once, and saving keeps whatever is chosen.
ALTER TABLE users ALTER COLUMN time_zone DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE users ALTER COLUMN time_zone DROP DEFAULT;
--> statement-breakpoint
UPDATE users SET time_zone = NULL WHERE time_zone = 'UTC';
