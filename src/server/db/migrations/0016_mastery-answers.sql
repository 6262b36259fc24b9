CREATE TABLE "mastery_answers" (
	"user_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mastery_answers_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
ALTER TABLE "mastery_answers" ADD CONSTRAINT "mastery_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mastery_answers" ADD CONSTRAINT "mastery_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mastery_answers_user_topic_idx" ON "mastery_answers" USING btree ("user_id","subject_id","topic","submitted_at" DESC NULLS LAST,"started_at" DESC NULLS LAST,"position" DESC NULLS LAST);--> statement-breakpoint
-- Every student's latest 20 questions shown per subject and topic, from the attempts submitted so far.
INSERT INTO "mastery_answers" ("user_id", "attempt_id", "position", "question_id", "subject_id", "topic", "submitted_at", "started_at")
SELECT "user_id", "attempt_id", "position", "question_id", "subject_id", "topic", "submitted_at", "started_at"
FROM (
	SELECT a."user_id", a."id" AS "attempt_id", shown."position", shown."question_id", p."subject_id", q."topic",
		a."submitted_at", a."started_at",
		row_number() OVER (
			PARTITION BY a."user_id", p."subject_id", q."topic"
			ORDER BY a."submitted_at" DESC, a."started_at" DESC, shown."position" DESC
		) AS "age"
	FROM "attempts" a
	CROSS JOIN LATERAL unnest(a."question_ids") WITH ORDINALITY AS shown("question_id", "position")
	JOIN "questions" q ON q."id" = shown."question_id"
	JOIN "papers" p ON p."id" = q."paper_id"
	WHERE a."submitted_at" IS NOT NULL AND q."topic" IS NOT NULL
) latest
WHERE "age" <= 20;
--> statement-breakpoint
-- Kept by the database itself, so that every path that submits an attempt (scoring, a UTME sitting, an
-- upload, an expired attempt scored later) keeps it without knowing of it. The window is MASTERY_RULES.window.
CREATE FUNCTION "mastery_answers_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."submitted_at" IS NULL OR (TG_OP = 'UPDATE' AND OLD."submitted_at" IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	INSERT INTO "mastery_answers" ("user_id", "attempt_id", "position", "question_id", "subject_id", "topic", "submitted_at", "started_at")
	SELECT NEW."user_id", NEW."id", shown."position", shown."question_id", p."subject_id", q."topic",
		NEW."submitted_at", NEW."started_at"
	FROM unnest(NEW."question_ids") WITH ORDINALITY AS shown("question_id", "position")
	JOIN "questions" q ON q."id" = shown."question_id"
	JOIN "papers" p ON p."id" = q."paper_id"
	WHERE q."topic" IS NOT NULL
	ON CONFLICT DO NOTHING;
	-- Each topic this attempt touched, back to its latest 20, read through mastery_answers_user_topic_idx.
	DELETE FROM "mastery_answers" m
	USING (
		SELECT r."attempt_id", r."position"
		FROM (
			SELECT DISTINCT "subject_id", "topic" FROM "mastery_answers" WHERE "attempt_id" = NEW."id"
		) touched
		CROSS JOIN LATERAL (
			SELECT k."attempt_id", k."position" FROM "mastery_answers" k
			WHERE k."user_id" = NEW."user_id" AND k."subject_id" = touched."subject_id" AND k."topic" = touched."topic"
			ORDER BY k."submitted_at" DESC NULLS LAST, k."started_at" DESC NULLS LAST, k."position" DESC NULLS LAST
			OFFSET 20
		) r
	) beyond
	WHERE m."attempt_id" = beyond."attempt_id" AND m."position" = beyond."position";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attempts_mastery_answers" AFTER INSERT OR UPDATE OF "submitted_at" ON "attempts"
	FOR EACH ROW EXECUTE FUNCTION "mastery_answers_keep"();
