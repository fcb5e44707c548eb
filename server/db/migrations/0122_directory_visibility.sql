-- "Show me in the directory" (Privacy): a member may leave the directory, the landing page's featured
-- therapists and referral suggestions; their profile stays reachable from their posts and conversations.
ALTER TABLE users ADD COLUMN listed_in_directory boolean NOT NULL DEFAULT true;
