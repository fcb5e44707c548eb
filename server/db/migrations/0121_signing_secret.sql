-- The key of signed links (one-click unsubscribe) is made with the database, not on the first link checked: reading a
-- junk link must change nothing (the input fuzz test holds every route to that). Two random UUIDs: 244 random bits.
INSERT INTO app_secrets (name, value)
VALUES ('signed-links', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
ON CONFLICT (name) DO NOTHING;
