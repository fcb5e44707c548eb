-- The dashboard's onboarding checklist ("After approval"): when the member dismissed it (NULL: shown until
-- every step is done). Read with the member's own row only, by primary key: no index.
ALTER TABLE users ADD COLUMN onboarding_dismissed_at timestamptz;
