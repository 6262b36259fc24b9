ALTER TABLE "review_cards" ADD COLUMN "left_blank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "introduced_at" timestamp with time zone;--> statement-breakpoint
-- Questions already reviewed were introduced on the day of their first answer, so that today's cap counts them.
UPDATE "review_cards" c SET "introduced_at" = (
	SELECT min(a."answered_at") FROM "review_answers" a WHERE a."user_id" = c."user_id" AND a."question_id" = c."question_id"
) WHERE c."last_review" IS NOT NULL;
