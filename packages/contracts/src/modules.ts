import { z } from "zod";

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
