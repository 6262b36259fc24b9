CREATE TABLE "calibration_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"subjects" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"exam_date" date,
	"subject_ids" uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_parameters" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"difficulty" double precision NOT NULL,
	"discrimination" double precision NOT NULL,
	"answers" integer NOT NULL,
	"infit" double precision,
	"outfit" double precision,
	"calibrated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_plans" ADD CONSTRAINT "exam_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_parameters" ADD CONSTRAINT "item_parameters_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;