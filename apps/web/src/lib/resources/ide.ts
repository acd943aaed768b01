import { ideRunResultSchema } from "@neuroos/contracts";
import { apiRequest } from "../api";

/** The IDE's run of a workspace file (server: apps/server/src/ide/routes.ts). */
export const ideApi = {
  /** Runs the file in the sandbox; its output also streams over the live channel, tagged `requestId`. */
  run: async (path: string, requestId: string, signal?: AbortSignal) =>
    ideRunResultSchema.parse(await apiRequest("POST", "/api/ide/run", { path, requestId }, { signal })),
};
