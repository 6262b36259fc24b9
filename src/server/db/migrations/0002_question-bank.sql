CREATE TYPE "public"."option_type" AS ENUM('text', 'image', 'media', 'file');--> statement-breakpoint
CREATE TYPE "public"."question_type" AS ENUM('text', 'image', 'diagram');--> statement-breakpoint
CREATE TABLE "exam_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_html" text NOT NULL,
	"option_source" text NOT NULL,
	"option_type" "option_type" DEFAULT 'text' NOT NULL,
	"file_url" text,
	"is_correct" boolean DEFAULT false NOT NULL,
	CONSTRAINT "options_position_range" CHECK ("options"."position" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_type_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"year_id" uuid NOT NULL,
	"duration" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "papers_duration_positive" CHECK ("papers"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"paper_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_html" text NOT NULL,
	"question_source" text NOT NULL,
	"question_type" "question_type" DEFAULT 'text' NOT NULL,
	"file_url" text,
	"topic" text,
	"explanation_html" text DEFAULT '' NOT NULL,
	"explanation_source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "years_year_unique" UNIQUE("year")
);
--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_exam_type_id_exam_types_id_fk" FOREIGN KEY ("exam_type_id") REFERENCES "public"."exam_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_year_id_years_id_fk" FOREIGN KEY ("year_id") REFERENCES "public"."years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "options_question_position_idx" ON "options" USING btree ("question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "options_one_correct_idx" ON "options" USING btree ("question_id") WHERE "options"."is_correct";--> statement-breakpoint
CREATE UNIQUE INDEX "papers_exam_subject_year_idx" ON "papers" USING btree ("exam_type_id","subject_id","year_id");--> statement-breakpoint
CREATE INDEX "papers_subject_idx" ON "papers" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "papers_year_idx" ON "papers" USING btree ("year_id");--> statement-breakpoint
CREATE INDEX "questions_paper_position_idx" ON "questions" USING btree ("paper_id","position");