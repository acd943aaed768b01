import { z } from "zod";
import { endpoint } from "./endpoint";

export const moduleStatusSchema = z.enum(["active", "warning", "error", "inactive"]);
export type ModuleStatus = z.infer<typeof moduleStatusSchema>;

/** A system module as the console's System Modules panel shows it. */
export const systemModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: moduleStatusSchema,
  description: z.string(),
  lastHealthCheck: z.string(),
});
export type SystemModule = z.infer<typeof systemModuleSchema>;

/** The system modules (server: apps/server/src/system/routes.ts). */
export const modulesApi = {
  /** The modules with their live health checks. */
  list: endpoint({ method: "GET", path: "/api/modules", body: null, answer: z.array(systemModuleSchema) }),
};
