-- The dashboard's greeting: when the member was first welcomed ("Welcome, {name}!"); from then on "Welcome back".
-- NULL: not yet. Members who were verified before this migration have seen their dashboard: they are welcomed back.
-- Read with the member's own row only, by primary key: no index.
ALTER TABLE users ADD COLUMN welcomed_at timestamptz;
--> statement-breakpoint
UPDATE users SET welcomed_at = coalesce(verified_at, now()) WHERE verification_status = 'verified';
