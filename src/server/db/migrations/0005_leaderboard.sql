DROP INDEX "users_leaderboard_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scored_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill: count the attempts each student already has scored.
UPDATE "users" SET "scored_attempts" = (SELECT count(*) FROM "attempts" WHERE "attempts"."user_id" = "users"."id" AND "attempts"."submitted_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("total_score" DESC NULLS LAST,"total_score_at","id") WHERE "users"."scored_attempts" > 0 and not "users"."is_admin";