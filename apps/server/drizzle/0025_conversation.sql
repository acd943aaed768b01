CREATE TABLE "chat_message_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"block" integer,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"input" text NOT NULL,
	"stdout" text NOT NULL,
	"stderr" text NOT NULL,
	"output_chars" integer NOT NULL,
	"exit_code" integer,
	"duration_ms" integer NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"execution_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "head_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_turns" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_turns" ADD COLUMN "reply_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_message_outputs" ADD CONSTRAINT "chat_message_outputs_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_outputs_message_id_idx" ON "chat_message_outputs" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_chat_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_parent_id_idx" ON "chat_messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "chat_messages_text_idx" ON "chat_messages" USING gin (to_tsvector('simple', "content"));--> statement-breakpoint
UPDATE "chat_messages" AS m SET "parent_id" = p."prev" FROM (SELECT "id", lag("id") OVER (PARTITION BY "session_id" ORDER BY "seq") AS "prev" FROM "chat_messages") AS p WHERE m."id" = p."id" AND p."prev" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" AS s SET "head_id" = l."id" FROM (SELECT DISTINCT ON ("session_id") "session_id", "id" FROM "chat_messages" ORDER BY "session_id", "seq" DESC) AS l WHERE s."id" = l."session_id";
