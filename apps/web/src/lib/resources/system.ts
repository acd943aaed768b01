import { logsApi, modulesApi, speechApi, systemStatsApi } from "@neuroos/contracts";
import { call } from "../api";

export const modulesKey = [modulesApi.list.path] as const;
/** The execution log's queries (invalidating it refreshes each); `logsKeyOf(n)` reads the newest n. */
export const logsKey = [logsApi.list.path] as const;
export const logsKeyOf = (limit: number) => [...logsKey, limit] as const;
export const systemStatsKey = [systemStatsApi.get.path] as const;

/** The server's modules, measurements, execution log and voice (server: apps/server/src/system, logs, speech). */
export const systemApi = {
  modules: () => call(modulesApi.list),
  stats: () => call(systemStatsApi.get),
  /** The person's newest `limit` execution log entries. */
  logs: (limit: number) => call(logsApi.list, { query: { limit } }),
  /** Whether the server can speak (espeak-ng in the sandbox). */
  speechAvailable: async () => (await call(speechApi.available)).available,
};
