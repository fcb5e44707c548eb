-- What a notification reports beyond its type and actors, in one word the sentence uses: a referral's answer
-- ('accepted', 'declined', 'no capacity'), so the bell and the emails say "X declined your referral" rather than
-- "X answered your referral". Null for the other types and for the items stored before.
ALTER TABLE notifications ADD COLUMN detail text;
