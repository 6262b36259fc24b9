ALTER TABLE "questions" ADD COLUMN "passage_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "passage_source" text DEFAULT '' NOT NULL;