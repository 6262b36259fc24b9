CREATE TYPE "public"."email_confirmation_purpose" AS ENUM('sign-up', 'change');--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_confirmation_purpose" NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "users_leaderboard_idx";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before addresses were confirmed keep what they were given: confirmed as of their sign-up.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
-- Of the attempts already scored, every daily test and each student's first attempt at a paper count; later
-- attempts at a paper become practice, and every total is added up again from what counts.
UPDATE "attempts" SET "counted" = true WHERE "submitted_at" IS NOT NULL AND ("kind" = 'daily' OR "id" IN (SELECT DISTINCT ON ("user_id", "paper_id") "id" FROM "attempts" WHERE "kind" = 'exam' AND "submitted_at" IS NOT NULL ORDER BY "user_id", "paper_id", "submitted_at", "id"));--> statement-breakpoint
UPDATE "users" SET "total_score" = coalesce((SELECT sum("score") FROM "attempts" WHERE "attempts"."user_id" = "users"."id" AND "attempts"."counted"), 0), "scored_attempts" = (SELECT count(*) FROM "attempts" WHERE "attempts"."user_id" = "users"."id" AND "attempts"."counted");--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_counted_exam_idx" ON "attempts" USING btree ("user_id","paper_id") WHERE "attempts"."kind" = 'exam' and "attempts"."counted";--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("total_score" DESC NULLS LAST,"total_score_at","id") WHERE "users"."scored_attempts" > 0 and not "users"."is_admin" and "users"."email_verified_at" is not null;