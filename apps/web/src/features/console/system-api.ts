import { executionLogSchema, systemModuleSchema, systemStatsSchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { audioModule, speechCapabilities } from "./audio-module";

const fetchJson = getQueryFn({ on401: "throw" });

/** Spec: execution logs are refreshed every 5 s. */
export const LOGS_REFRESH_MS = 5_000;
export const STATS_REFRESH_MS = 5_000;
/** The server re-checks modules every 10 s at most; asking more often gains nothing. */
export const MODULES_REFRESH_MS = 15_000;

/** The server's modules (GET /api/modules) and Audio I/O, which is the browser's own speech. */
export function useModules() {
  return useQuery({
    queryKey: queryKeys.modules,
    queryFn: async (context) => [
      ...z.array(systemModuleSchema).parse(await fetchJson(context)),
      audioModule(speechCapabilities(), new Date()),
    ],
    refetchInterval: MODULES_REFRESH_MS,
  });
}

export function useExecutionLogs() {
  return useQuery({
    queryKey: queryKeys.logs,
    queryFn: async (context) => z.array(executionLogSchema).parse(await fetchJson(context)),
    refetchInterval: LOGS_REFRESH_MS,
  });
}

export function useSystemStats() {
  return useQuery({
    queryKey: queryKeys.systemStats,
    queryFn: async (context) => systemStatsSchema.parse(await fetchJson(context)),
    refetchInterval: STATS_REFRESH_MS,
  });
}

/** The name the header's CPU indicator watches (product spec section 2). */
export const LLM_CORE_MODULE = "LLM Core";
