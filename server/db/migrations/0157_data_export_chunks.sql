-- "Download my data" kept in the database instead of one node's DATA_DIR/exports (docs/decisions/0066): with several
-- nodes the download went to whichever node the balancer chose, and only the one that wrote the file had it. The ZIP
-- is stored in pieces of up to 1 MB, written as it is produced and read back one piece at a time, so no node holds a
-- whole archive in memory. Removing the export removes its pieces.
CREATE TABLE IF NOT EXISTS "data_export_chunks" (
  "export_id" uuid NOT NULL REFERENCES "data_exports"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "bytes" bytea NOT NULL,
  PRIMARY KEY ("export_id", "seq")
);
--> statement-breakpoint
-- Copies prepared before this migration exist only as files on some node: they expire now (the member prepares a new
-- one; the daily job removes the old files).
UPDATE "data_exports" SET "expires_at" = now() WHERE "status" = 'ready' AND "expires_at" > now();
