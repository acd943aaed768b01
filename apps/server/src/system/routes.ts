import { APP_VERSION, type Health } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";

export async function systemRoutes(app: FastifyInstance, deps: { database: Database }): Promise<void> {
  app.get("/api/health", async (_request, reply) => {
    const up = await deps.database.ping();
    const body: Health = {
      status: up ? "ok" : "degraded",
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime() * 10) / 10,
      database: { kind: deps.database.kind, status: up ? "up" : "down" },
    };
    return reply.status(up ? 200 : 503).send(body);
  });
}
