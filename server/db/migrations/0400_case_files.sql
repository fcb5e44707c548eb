-- Documents on consultation cases (issues 33 and 34, docs/decisions/0330): a file is attached to a case, or to one of
-- its comments (then `case_id` is the comment's case too, so who may read it is one question: a member of the case's
-- group). Still attached once: to a message, a referral or a case, never two. Deleting a case, a comment or the group
-- deletes the files' rows, and the files_deleted trigger queues their bytes' removal as for the other attachments.
ALTER TABLE "files" ADD COLUMN IF NOT EXISTS "case_id" uuid;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN IF NOT EXISTS "case_comment_id" uuid;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "public"."group_cases"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_case_comment_id_fkey" FOREIGN KEY ("case_comment_id") REFERENCES "public"."group_case_comments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT IF EXISTS "files_attached_once_check";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_attached_once_check" CHECK (num_nonnulls("message_id", "referral_id", "case_id") <= 1);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_case_comment_check" CHECK ("case_comment_id" IS NULL OR "case_id" IS NOT NULL);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_case_idx" ON "files" ("case_id") WHERE "case_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_case_comment_idx" ON "files" ("case_comment_id") WHERE "case_comment_id" IS NOT NULL;
