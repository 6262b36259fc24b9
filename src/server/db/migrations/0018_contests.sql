ALTER TYPE "public"."attempt_kind" ADD VALUE 'contest';--> statement-breakpoint
ALTER TYPE "public"."shown_via" ADD VALUE 'contest';--> statement-breakpoint
CREATE TABLE "contest_entries" (
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contest_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entered_at" timestamp with time zone NOT NULL,
	"fee" integer NOT NULL,
	"address" text NOT NULL,
	"levels_done" smallint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"time_ms" integer DEFAULT 0 NOT NULL,
	"place" integer,
	"prize_coins" integer,
	"sponsored_claimed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "contest_entries_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"exam_type_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"entry_fee" integer NOT NULL,
	"max_entrants" integer NOT NULL,
	"entrants" integer DEFAULT 0 NOT NULL,
	"levels" jsonb NOT NULL,
	"prizes" jsonb NOT NULL,
	"sponsored_prize" text,
	"key" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_key_unique" UNIQUE("key"),
	CONSTRAINT "contests_entry_fee_range" CHECK ("contests"."entry_fee" >= 0),
	CONSTRAINT "contests_entrants_range" CHECK ("contests"."entrants" between 0 and "contests"."max_entrants"),
	CONSTRAINT "contests_ends_after_start" CHECK ("contests"."ends_at" > "contests"."starts_at")
);
--> statement-breakpoint
DROP INDEX "papers_exam_subject_year_idx";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "contest_id" uuid;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "contest_level" smallint;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "contest_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_exam_type_id_exam_types_id_fk" FOREIGN KEY ("exam_type_id") REFERENCES "public"."exam_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_entries_board_idx" ON "contest_entries" USING btree ("contest_id","points" DESC NULLS LAST,"time_ms","seq");--> statement-breakpoint
CREATE INDEX "contest_entries_user_idx" ON "contest_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contests_starts_idx" ON "contests" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "contests_unfinished_idx" ON "contests" USING btree ("ends_at") WHERE "contests"."finished_at" is null and "contests"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_contest_level_idx" ON "attempts" USING btree ("contest_id","user_id","contest_level") WHERE "attempts"."contest_id" is not null;--> statement-breakpoint
CREATE INDEX "attempts_contest_open_idx" ON "attempts" USING btree ("ends_at") WHERE "attempts"."contest_id" is not null and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "papers_contest_idx" ON "papers" USING btree ("contest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_exam_subject_year_idx" ON "papers" USING btree ("exam_type_id","subject_id","year_id") WHERE "papers"."contest_id" is null;--> statement-breakpoint
-- A contest's level feeds no mastery: its questions are reserved, and its answers must not push a student's
-- bank answers out of the latest 20 a topic keeps. (The kind is compared as text: the new enum value cannot
-- be used in the transaction that adds it.)
DROP TRIGGER "attempts_mastery_answers" ON "attempts";--> statement-breakpoint
CREATE TRIGGER "attempts_mastery_answers" AFTER INSERT OR UPDATE OF "submitted_at" ON "attempts"
	FOR EACH ROW WHEN (NEW."kind"::text <> 'contest') EXECUTE FUNCTION "mastery_answers_keep"();
