CREATE TYPE "public"."question_report_reason" AS ENUM('wrong-key', 'typo', 'unclear', 'missing-diagram', 'other');--> statement-breakpoint
-- The enum is made again with the new value rather than given it by ADD VALUE, which a later migration run
-- in the same transaction could not use (see 0009).
ALTER TYPE "public"."attempt_kind" RENAME TO "attempt_kind_before_topic";--> statement-breakpoint
CREATE TYPE "public"."attempt_kind" AS ENUM('exam', 'daily', 'utme', 'topic');--> statement-breakpoint
DROP INDEX "attempts_one_open_exam_idx";--> statement-breakpoint
DROP INDEX "attempts_one_daily_idx";--> statement-breakpoint
DROP INDEX "attempts_one_counted_exam_idx";--> statement-breakpoint
DROP INDEX "attempts_one_open_utme_idx";--> statement-breakpoint
DROP INDEX "attempts_utme_score_idx";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "kind" SET DATA TYPE "public"."attempt_kind" USING "kind"::text::"public"."attempt_kind";--> statement-breakpoint
DROP TYPE "public"."attempt_kind_before_topic";--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_daily_idx" ON "attempts" USING btree ("user_id","subject_id","day") WHERE "attempts"."kind" = 'daily';--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_counted_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."counted";--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_utme_idx" ON "attempts" USING btree ("user_id") WHERE "attempts"."kind" = 'utme' and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "attempts_utme_score_idx" ON "attempts" USING btree ("score") WHERE "attempts"."kind" = 'utme' and "attempts"."submitted_at" is not null;--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"reason" "question_report_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid,
	"correct" boolean NOT NULL,
	"rating" smallint NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "deck_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_reports_one_open_idx" ON "question_reports" USING btree ("user_id","question_id") WHERE "question_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "question_reports_question_idx" ON "question_reports" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "review_answers_user_answered_idx" ON "review_answers" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "attempts_deck_pending_idx" ON "attempts" USING btree ("user_id") WHERE "attempts"."submitted_at" is not null and "attempts"."deck_added_at" is null;