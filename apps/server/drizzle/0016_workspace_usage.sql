CREATE TABLE "workspace_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"files" integer NOT NULL,
	"entries" integer NOT NULL,
	"walked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_usage" ADD CONSTRAINT "workspace_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;