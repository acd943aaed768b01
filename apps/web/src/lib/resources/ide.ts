import { ideRunApi } from "@neuroos/contracts";
import { call } from "../api";

/** The IDE's run of a workspace file (server: apps/server/src/ide/routes.ts). */
export const ideApi = {
  /** Runs the file in the sandbox; its output also streams over the live channel, tagged `requestId`. */
  run: (path: string, requestId: string, signal?: AbortSignal) =>
    call(ideRunApi.run, { body: { path, requestId }, signal }),
};
