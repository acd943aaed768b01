import { z } from "zod";
import { endpoint } from "./endpoint";

export const executionLogTypeSchema = z.enum([
  "code_execution",
  "file_operation",
  "system_command",
  "network_request",
  "llm_interaction",
]);
export const executionLogStatusSchema = z.enum(["success", "error", "warning"]);

export const executionLogSchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  type: executionLogTypeSchema,
  command: z.string(),
  result: z.string(),
  status: executionLogStatusSchema,
  timestamp: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type ExecutionLog = z.infer<typeof executionLogSchema>;

export const logsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });

export const systemStatsSchema = z.object({
  cpuUsage: z.number(),
  memoryUsage: z.object({ used: z.number(), total: z.number(), process: z.number() }),
  activeConnections: z.number(),
  uptime: z.number(),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

/** The execution log (server: apps/server/src/logs/routes.ts). */
export const logsApi = {
  /** The person's newest entries (`?limit=`, 20 unless told). */
  list: endpoint({ method: "GET", path: "/api/logs", body: null, answer: z.array(executionLogSchema) }),
};

/** The server's measurements (server: apps/server/src/system/routes.ts). */
export const systemStatsApi = {
  get: endpoint({ method: "GET", path: "/api/system/stats", body: null, answer: systemStatsSchema }),
};
