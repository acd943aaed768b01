ALTER TABLE "mcp_servers" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "allow_network" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_servers_shared_name_idx" ON "mcp_servers" USING btree ("name") WHERE "mcp_servers"."shared";