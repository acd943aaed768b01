ALTER TABLE "vector_chunks" ADD COLUMN "sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "vector_chunks_sent_idx" ON "vector_chunks" USING btree ("user_id") WHERE "vector_chunks"."sent";--> statement-breakpoint
UPDATE "vector_chunks" SET "sent" = true WHERE "object_type" = 'text';
