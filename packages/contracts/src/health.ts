import { z } from "zod";

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

/** The product version shown in the console header and reported by /api/health. */
export const APP_VERSION = "0.3.9";
