-- The administrators' audit log becomes the one access audit trail (decision 0180): who (id and role) did what to
-- whose data, from which request and address, with a break-glass reason where one is required; append-only, and
-- each entry hashed over its content and the previous entry's hash, so an edit, a deletion or a reorder is found.
-- The actor's id is kept as written: with the old foreign key, deleting an account would have rewritten its entries.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "member_id" uuid;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_address" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;
--> statement-breakpoint
-- Position in the chain, assigned by the chain trigger under its lock (the default is never kept).
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The chain covers the detail through its digest, so an account's erasure may blank the detail (names, reasons it
-- holds) and leave the chain whole: such an entry is marked redacted, and nothing else of it may change.
ALTER TABLE "audit_log" ADD COLUMN "detail_digest" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "redacted_at" timestamp with time zone;
--> statement-breakpoint
-- Entries written before the trail: whose data it was is what their target or detail already says.
UPDATE "audit_log" a SET
  "member_id" = CASE
    WHEN a."target_type" = 'user' AND a."target_id" ~* '^[0-9a-f-]{36}$' THEN a."target_id"::uuid
    WHEN a."detail"->>'authorId' ~* '^[0-9a-f-]{36}$' THEN (a."detail"->>'authorId')::uuid END,
  "actor_role" = coalesce((SELECT u."role" FROM "users" u WHERE u."id" = a."actor_id"), CASE WHEN a."actor_id" IS NULL THEN 'system' END),
  "seq" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "audit_log") o WHERE o."id" = a."id";
--> statement-breakpoint
-- The digest of a detail: jsonb's text is canonical (keys ordered, spacing fixed), so equal details digest alike.
CREATE OR REPLACE FUNCTION audit_detail_digest(detail jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(detail::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- One entry's hash: its previous entry's hash and every column written with it, as one JSON array (unambiguous about
-- NULLs). Verification recomputes it with this same function.
CREATE OR REPLACE FUNCTION audit_entry_hash(
  prev_hash text, seq bigint, id uuid, created_at timestamptz, actor_id uuid, actor_role text, action text,
  target_type text, target_id text, member_id uuid, detail_digest text, request_id text, client_address text, reason text
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    prev_hash, seq, id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id, actor_role,
    action, target_type, target_id, member_id, detail_digest, request_id, client_address, reason)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The entries already there are chained in their order of writing, from the genesis hash.
DO $$
DECLARE
  e record;
  previous text := repeat('0', 64);
BEGIN
  FOR e IN SELECT * FROM "audit_log" ORDER BY "seq" LOOP
    UPDATE "audit_log" SET "prev_hash" = previous, "detail_digest" = audit_detail_digest(e.detail),
      "hash" = audit_entry_hash(previous, e.seq, e.id, e.created_at, e.actor_id, e.actor_role, e.action, e.target_type,
        e.target_id, e.member_id, audit_detail_digest(e.detail), e.request_id, e.client_address, e.reason)
    WHERE "id" = e.id RETURNING "hash" INTO previous;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_idx" ON "audit_log" ("seq");
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "seq");
--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" ("member_id", "seq");
--> statement-breakpoint
-- Appending: a transaction-scoped advisory lock orders writers across every node; the previous entry is read under it
-- (a fresh snapshot per statement, so the last committed writer's entry is seen), and the lock is held to commit.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  PERFORM pg_advisory_xact_lock(727002);
  SELECT "seq", "hash" INTO last FROM "audit_log" ORDER BY "seq" DESC LIMIT 1;
  NEW.seq := coalesce(last.seq, 0) + 1;
  NEW.prev_hash := coalesce(last.hash, repeat('0', 64));
  IF NEW.actor_role IS NULL THEN
    NEW.actor_role := CASE WHEN NEW.actor_id IS NULL THEN 'system'
      ELSE coalesce((SELECT u."role" FROM "users" u WHERE u."id" = NEW.actor_id), 'unknown') END;
  END IF;
  NEW.detail_digest := audit_detail_digest(NEW.detail);
  NEW.redacted_at := NULL;
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW.seq, NEW.id, NEW.created_at, NEW.actor_id, NEW.actor_role, NEW.action,
    NEW.target_type, NEW.target_id, NEW.member_id, NEW.detail_digest, NEW.request_id, NEW.client_address, NEW.reason);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Nobody updates or deletes an entry. Two exceptions, each switched on by a setting local to its transaction: an
-- account's erasure (audit.erasure) may blank a detail and mark the entry redacted, changing nothing else; the
-- retention purge (a later job, audit.retention_purge) may delete the oldest entries only (checked below).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.retention_purge', true) = 'on' THEN RETURN OLD; END IF;
  IF TG_OP = 'UPDATE' AND current_setting('audit.erasure', true) = 'on'
    AND NEW.detail = '{}'::jsonb AND NEW.redacted_at IS NOT NULL
    AND (NEW.id, NEW.seq, NEW.prev_hash, NEW.hash, NEW.detail_digest, NEW.created_at, NEW.actor_id, NEW.actor_role,
      NEW.action, NEW.target_type, NEW.target_id, NEW.member_id, NEW.request_id, NEW.client_address, NEW.reason)
    IS NOT DISTINCT FROM (OLD.id, OLD.seq, OLD.prev_hash, OLD.hash, OLD.detail_digest, OLD.created_at, OLD.actor_id,
      OLD.actor_role, OLD.action, OLD.target_type, OLD.target_id, OLD.member_id, OLD.request_id, OLD.client_address, OLD.reason)
  THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
-- A purge removes a prefix of the chain, never a hole: no entry older than a deleted one may remain.
CREATE OR REPLACE FUNCTION audit_log_purge_prefix() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "audit_log" WHERE "seq" < (SELECT max("seq") FROM purged)) THEN
    RAISE EXCEPTION 'audit_log purge must remove the oldest entries only' USING ERRCODE = '42501';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_log_purge_prefix" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS purged
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_purge_prefix();
