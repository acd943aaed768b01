import { APP_VERSION, type Health, healthApi, modulesApi, systemStatsApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Database } from "../db/client";
import { currentUser } from "../http/request-user";
import { liveConnections } from "../live/routes";
import type { ModuleRegistry } from "./modules";
import { CpuSampler, systemStats } from "./stats";

/** Shares one database ping among all health checks within `ttlMs`. */
function cachedPing(database: Database, ttlMs: number): () => Promise<boolean> {
  let last: { at: number; result: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) last = { at: now, result: database.ping() };
    return last.result;
  };
}

export async function systemRoutes(
  app: FastifyInstance,
  deps: { database: Database; modules: ModuleRegistry },
): Promise<void> {
  const ping = cachedPing(deps.database, 1000);
  app.get(healthApi.get.path, async (_request, reply) => {
    const up = await ping();
    const body: Health = {
      status: up ? "ok" : "degraded",
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime() * 10) / 10,
      database: { kind: deps.database.kind, status: up ? "up" : "down" },
    };
    return reply.status(up ? 200 : 503).send(body);
  });

  app.get(modulesApi.list.path, { onRequest: requireSession(deps.database.db) }, (request) =>
    deps.modules.list(currentUser(request).id),
  );
  const cpu = new CpuSampler();
  app.get(systemStatsApi.get.path, { onRequest: requireSession(deps.database.db) }, () =>
    systemStats(cpu, liveConnections.count),
  );
}
