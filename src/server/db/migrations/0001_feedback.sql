CREATE TABLE "feedback_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fullname" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"message" text NOT NULL,
	"accept_terms" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
