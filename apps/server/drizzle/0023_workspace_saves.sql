CREATE TABLE "workspace_saves" (
	"user_id" uuid NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_saves_user_id_path_pk" PRIMARY KEY("user_id","path")
);
--> statement-breakpoint
ALTER TABLE "workspace_saves" ADD CONSTRAINT "workspace_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;