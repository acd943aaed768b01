import {
  availabilitySchema,
  executionLogSchema,
  systemModuleSchema,
  systemStatsSchema,
} from "@neuroos/contracts";
import { z } from "zod";
import { apiRequest } from "../api";

export const modulesKey = ["/api/modules"] as const;
/** Spec: the console reads the latest 20 execution logs. */
export const logsKey = ["/api/logs?limit=20"] as const;
export const systemStatsKey = ["/api/system/stats"] as const;

/** The server's modules, measurements, execution log and voice (server: apps/server/src/system, logs, speech). */
export const systemApi = {
  modules: async () => z.array(systemModuleSchema).parse(await apiRequest("GET", "/api/modules")),
  stats: async () => systemStatsSchema.parse(await apiRequest("GET", "/api/system/stats")),
  /** The person's newest `limit` execution log entries. */
  logs: async (limit: number) =>
    z.array(executionLogSchema).parse(await apiRequest("GET", `/api/logs?limit=${limit}`)),
  /** Whether the server can speak (espeak-ng in the sandbox). */
  speechAvailable: async () => availabilitySchema.parse(await apiRequest("GET", "/api/speech")).available,
};
