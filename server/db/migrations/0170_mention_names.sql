-- Mentions name the member as they are now (docs/decisions/0121): from now on the server writes the name inside
-- `@[Name](user:<id>)` when a text is saved and rewrites it when the member is renamed or leaves. The texts stored
-- before are brought in line once: the member's current name; plain "@Deleted member" for one who left; plain
-- "@Name" for an id that is nobody's. The same rules as server/lib/mention-names.ts withCurrentNames.
CREATE OR REPLACE FUNCTION mention_names_0170(body text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  m text[];
  result text := body;
  member record;
  shown text;
BEGIN
  FOR m IN SELECT regexp_matches(body, '@\[([^][()\n\r]{1,120})\]\(user:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)', 'g') LOOP
    SELECT u.name, u.deleted_at IS NOT NULL AS gone INTO member FROM users u WHERE u.id = lower(m[2])::uuid;
    IF NOT FOUND THEN
      shown := '@' || m[1];
    ELSIF member.gone THEN
      shown := '@Deleted member';
    ELSE
      shown := '@[' || coalesce(nullif(left(btrim(regexp_replace(regexp_replace(member.name, '[][()\n\r]', ' ', 'g'), '\s+', ' ', 'g')), 120), ''), 'member')
        || '](user:' || lower(m[2]) || ')';
    END IF;
    result := replace(result, '@[' || m[1] || '](user:' || m[2] || ')', shown);
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
UPDATE posts SET title = mention_names_0170(title), content = mention_names_0170(content)
  WHERE title LIKE '%](user:%' OR content LIKE '%](user:%';
--> statement-breakpoint
UPDATE comments SET content = mention_names_0170(content) WHERE content LIKE '%](user:%';
--> statement-breakpoint
UPDATE notifications SET target_title = mention_names_0170(target_title) WHERE target_title LIKE '%](user:%';
--> statement-breakpoint
DROP FUNCTION mention_names_0170(text);
