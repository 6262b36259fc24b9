CREATE TYPE "public"."attempt_kind" AS ENUM('exam', 'daily');--> statement-breakpoint
CREATE TYPE "public"."lifeline_kind" AS ENUM('fifty-fifty', 'skip');--> statement-breakpoint
CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "attempt_kind" NOT NULL,
	"paper_id" uuid,
	"subject_id" uuid NOT NULL,
	"day" text,
	"question_ids" uuid[] NOT NULL,
	"duration_minutes" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer,
	"correct_answer" integer,
	"wrong_answer" integer,
	"unanswered" integer,
	"score_accuracy" integer,
	"time_spent_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "lifeline_uses" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"kind" "lifeline_kind" NOT NULL,
	"hidden_option_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lifeline_uses_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifeline_uses" ADD CONSTRAINT "lifeline_uses_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifeline_uses" ADD CONSTRAINT "lifeline_uses_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_daily_idx" ON "attempts" USING btree ("user_id","subject_id","day") WHERE "attempts"."kind" = 'daily';--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id");