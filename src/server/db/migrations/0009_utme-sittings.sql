-- A value added with ADD VALUE cannot be used in the same transaction (the indexes below use it, and the
-- migrator runs every pending migration in one), so the enum is made again with the new value instead.
ALTER TYPE "public"."attempt_kind" RENAME TO "attempt_kind_before_utme";--> statement-breakpoint
CREATE TYPE "public"."attempt_kind" AS ENUM('exam', 'daily', 'utme');--> statement-breakpoint
DROP INDEX "attempts_one_open_exam_idx";--> statement-breakpoint
DROP INDEX "attempts_one_daily_idx";--> statement-breakpoint
DROP INDEX "attempts_one_counted_exam_idx";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "kind" SET DATA TYPE "public"."attempt_kind" USING "kind"::text::"public"."attempt_kind";--> statement-breakpoint
DROP TYPE "public"."attempt_kind_before_utme";--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_daily_idx" ON "attempts" USING btree ("user_id","subject_id","day") WHERE "attempts"."kind" = 'daily';--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_counted_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."counted";--> statement-breakpoint
CREATE TABLE "utme_sections" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"subject_id" uuid NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"score" integer,
	"correct_answer" integer,
	CONSTRAINT "utme_sections_attempt_id_position_pk" PRIMARY KEY("attempt_id","position"),
	CONSTRAINT "utme_sections_position_range" CHECK ("utme_sections"."position" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "utme_sections" ADD CONSTRAINT "utme_sections_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utme_sections" ADD CONSTRAINT "utme_sections_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_utme_idx" ON "attempts" USING btree ("user_id") WHERE "attempts"."kind" = 'utme' and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "attempts_utme_score_idx" ON "attempts" USING btree ("score") WHERE "attempts"."kind" = 'utme' and "attempts"."submitted_at" is not null;