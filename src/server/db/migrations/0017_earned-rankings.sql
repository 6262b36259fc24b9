CREATE TYPE "public"."shown_via" AS ENUM('result', 'daily', 'utme', 'download', 'review');--> statement-breakpoint
CREATE TABLE "shown_keys" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	"via" "shown_via" NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "shown_keys_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "credit" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shown_keys" ADD CONSTRAINT "shown_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shown_keys" ADD CONSTRAINT "shown_keys_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: every key students were shown before this migration, so that the rule applies to what they
-- already hold; the existing totals are left as they are (every attempt counted so far keeps its points).
-- A scored attempt showed its questions when it was scored (a daily test's when its answers opened:
-- midnight West Africa Time plus its duration and grace); a counted one also credited them.
INSERT INTO "shown_keys" ("user_id", "question_id", "shown_at", "via", "credited_at")
SELECT "user_id", "question_id", min("shown_at"), (array_agg("via" ORDER BY "shown_at"))[1], min("credited_at")
FROM (
	SELECT a."user_id", q."question_id",
		CASE WHEN a."kind" = 'daily' AND a."day" IS NOT NULL
			THEN greatest(a."submitted_at", (a."day" || 'T00:00:00+01:00')::timestamptz + interval '1 day'
				+ make_interval(mins => a."duration_minutes") + interval '30 seconds')
			ELSE a."submitted_at" END AS "shown_at",
		(CASE a."kind" WHEN 'daily' THEN 'daily' WHEN 'utme' THEN 'utme' ELSE 'result' END)::"shown_via" AS "via",
		CASE WHEN a."counted" OR a."kind" = 'utme' THEN a."submitted_at" END AS "credited_at"
	FROM "attempts" a CROSS JOIN LATERAL unnest(a."question_ids") AS q("question_id")
	WHERE a."submitted_at" IS NOT NULL
	UNION ALL
	SELECT d."user_id", q."id", d."first_downloaded_at", 'download'::"shown_via", NULL
	FROM "paper_downloads" d JOIN "questions" q ON q."paper_id" = d."paper_id"
	UNION ALL
	SELECT r."user_id", r."question_id", r."answered_at", 'review'::"shown_via", NULL
	FROM "review_answers" r
) AS shown
GROUP BY "user_id", "question_id";--> statement-breakpoint
-- What each attempt counted so far earned: all its questions and its whole score (a UTME sitting: its total).
UPDATE "attempts" SET "credit" = jsonb_build_object('questions', cardinality("question_ids"), 'points', "score",
	'seenBefore', 0, 'creditedBefore', 0)
WHERE "submitted_at" IS NOT NULL AND ("counted" OR "kind" = 'utme');
