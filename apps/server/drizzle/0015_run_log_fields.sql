ALTER TABLE "running_executions" ADD COLUMN "type" text DEFAULT 'code_execution' NOT NULL;--> statement-breakpoint
ALTER TABLE "running_executions" ADD COLUMN "command" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "running_executions" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "running_executions" ADD COLUMN "caller" jsonb;