import { z } from "zod";
import { endpoint } from "./endpoint";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    status: z.enum(["up", "down"]),
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** The health check (server: apps/server/src/system/routes.ts). */
export const healthApi = {
  /** No session needed; a degraded server answers 503 with the same body. */
  get: endpoint({ method: "GET", path: "/api/health", body: null, answer: healthSchema }),
};
