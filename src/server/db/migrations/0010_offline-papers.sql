CREATE TABLE "paper_downloads" (
	"user_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"downloaded_at" timestamp with time zone NOT NULL,
	"first_downloaded_at" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "paper_downloads_user_id_paper_id_pk" PRIMARY KEY("user_id","paper_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "paper_downloads" ADD CONSTRAINT "paper_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_downloads" ADD CONSTRAINT "paper_downloads_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_client_idx" ON "attempts" USING btree ("user_id","client_id");