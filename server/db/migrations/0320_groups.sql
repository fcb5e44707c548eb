-- Consultation groups (docs/decisions/0235-consultation-groups.md): groups, members, invitations and join requests,
-- meetings that differ from the schedule, attendance (the hours log), cases and their comments, calendar feed links.
CREATE TABLE "consultation_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"max_members" integer NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"modalities" text[] DEFAULT '{}'::text[] NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_on" date NOT NULL,
	"meeting_link" text DEFAULT '' NOT NULL,
	"facilitator_id" uuid NOT NULL,
	"conversation_id" uuid,
	"members_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED,
	CONSTRAINT "consultation_groups_visibility_check" CHECK ("consultation_groups"."visibility" IN ('private', 'listed')),
	CONSTRAINT "consultation_groups_max_members_check" CHECK ("consultation_groups"."max_members" BETWEEN 3 AND 12),
	CONSTRAINT "consultation_groups_frequency_check" CHECK ("consultation_groups"."frequency" IN ('weekly', 'biweekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "group_attendance" (
	"group_id" uuid,
	"occurrence" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"group_name" text NOT NULL,
	"facilitator_name" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"meeting_key" text NOT NULL,
	CONSTRAINT "group_attendance_pkey" PRIMARY KEY("meeting_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_calendar_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_case_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"author_id" uuid,
	"presenting_concern" text NOT NULL,
	"age_group" text NOT NULL,
	"context" text NOT NULL,
	"question" text NOT NULL,
	"discussed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "group_invitations_kind_check" CHECK ("group_invitations"."kind" IN ('invitation', 'request')),
	CONSTRAINT "group_invitations_status_check" CHECK ("group_invitations"."status" IN ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "group_meeting_changes" (
	"group_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "group_meeting_changes_pkey" PRIMARY KEY("group_id","occurrence"),
	CONSTRAINT "group_meeting_changes_status_check" CHECK ("group_meeting_changes"."status" IN ('moved', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_pkey" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "consultation_groups" ADD CONSTRAINT "consultation_groups_facilitator_id_fkey" FOREIGN KEY ("facilitator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_groups" ADD CONSTRAINT "consultation_groups_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "public"."consultation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_calendar_links" ADD CONSTRAINT "group_calendar_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_case_comments" ADD CONSTRAINT "group_case_comments_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "public"."group_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_case_comments" ADD CONSTRAINT "group_case_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_case_comments" ADD CONSTRAINT "group_case_comments_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "public"."group_case_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_cases" ADD CONSTRAINT "group_cases_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "public"."consultation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_cases" ADD CONSTRAINT "group_cases_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "public"."consultation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meeting_changes" ADD CONSTRAINT "group_meeting_changes_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "public"."consultation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "public"."consultation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_groups_listed_idx" ON "consultation_groups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "consultation_groups"."visibility" = 'listed' AND "consultation_groups"."members_count" < "consultation_groups"."max_members";--> statement-breakpoint
CREATE INDEX "consultation_groups_search_gin" ON "consultation_groups" USING gin ("search") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "consultation_groups_specialties_gin" ON "consultation_groups" USING gin ("specialties");--> statement-breakpoint
CREATE INDEX "consultation_groups_modalities_gin" ON "consultation_groups" USING gin ("modalities");--> statement-breakpoint
CREATE INDEX "consultation_groups_facilitator_idx" ON "consultation_groups" USING btree ("facilitator_id");--> statement-breakpoint
CREATE INDEX "group_attendance_user_idx" ON "group_attendance" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_calendar_links_token_key" ON "group_calendar_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_case_comments_case_idx" ON "group_case_comments" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "group_cases_group_idx" ON "group_cases" USING btree ("group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_pending_key" ON "group_invitations" USING btree ("group_id","user_id") WHERE "group_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_invitations_user_idx" ON "group_invitations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");