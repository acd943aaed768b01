import { z } from "zod";
import { endpoint } from "./endpoint";
import { executionLanguageSchema } from "./live";

/** The one message shown whenever code cannot run because the sandbox is unusable (fail closed). */
export const SANDBOX_UNAVAILABLE_MESSAGE =
  "Code execution is unavailable: the sandbox cannot start on this server";

/** Largest program accepted, in characters. */
export const MAX_CODE_CHARS = 200_000;

/** POST /api/sandbox/run — runs `code` in the user's sandbox against their workspace. */
export const sandboxRunSchema = z.object({
  language: executionLanguageSchema,
  code: z.string().min(1, "Code is required").max(MAX_CODE_CHARS, "Code is too long"),
  /** Wall-time limit in ms; capped by the server's configured limit. */
  timeoutMs: z.number().int().min(100).max(600_000).optional(),
  /** Text fed to the program's standard input (none by default). */
  stdin: z.string().max(1_000_000).optional(),
});
export type SandboxRunInput = z.infer<typeof sandboxRunSchema>;

/** Which limit ended a job, when one did. */
export const sandboxLimitSchema = z.enum([
  "time",
  "cpu",
  "memory",
  "processes",
  "file_size",
  "output",
  "cancelled",
  "workspace_full",
]);
export type SandboxLimit = z.infer<typeof sandboxLimitSchema>;

/** Why a job stopped, worded for people ("[stopped: cancelled limit]" was not). */
export const sandboxLimitWords: Record<SandboxLimit, string> = {
  time: "it ran longer than the time limit",
  cpu: "it used more CPU time than allowed",
  memory: "it ran out of its memory allowance",
  processes: "it started too many processes",
  file_size: "a file it wrote grew past the size limit",
  output: "it printed more than the output limit",
  cancelled: "the run was cancelled",
  workspace_full: "the workspace passed its quota",
};

export const sandboxResultSchema = z.object({
  stdout: z.string(),
  stderr: z.string(),
  /** The program's exit code; null when it was killed by a signal. */
  exitCode: z.number().int().nullable(),
  /** The signal that ended the program (e.g. SIGKILL), if any. */
  signal: z.string().nullable(),
  durationMs: z.number(),
  /** The limit that ended the job, or null when it ended by itself. */
  limit: sandboxLimitSchema.nullable(),
  /** True when output passed the output limit and was cut (a notice ends stdout). */
  truncated: z.boolean(),
});
export type SandboxResult = z.infer<typeof sandboxResultSchema>;

/** POST /api/ide/run answers this: the run's result and its execution's id. */
export const ideRunResultSchema = sandboxResultSchema.extend({ executionId: z.string() });
export type IdeRunResult = z.infer<typeof ideRunResultSchema>;

/** GET /api/sandbox/health — whether code can run here, and which protections are active. */
export const sandboxHealthSchema = z.object({
  available: z.boolean(),
  /** SANDBOX_UNAVAILABLE_MESSAGE plus the reason, when not available. */
  message: z.string(),
  bwrapVersion: z.string().nullable(),
  seccomp: z.boolean(),
  cgroups: z.object({ memory: z.boolean(), pids: z.boolean(), cpu: z.boolean() }),
  limits: z.object({
    timeoutMs: z.number(),
    cpuSeconds: z.number(),
    memoryMb: z.number(),
    maxProcesses: z.number(),
    maxFileSizeMb: z.number(),
    outputBytes: z.number(),
  }),
});
export type SandboxHealth = z.infer<typeof sandboxHealthSchema>;

/** The sandbox API (server: apps/server/src/executions/sandbox-routes.ts). */
export const sandboxApi = {
  health: endpoint({ method: "GET", path: "/api/sandbox/health", body: null, answer: sandboxHealthSchema }),
  run: endpoint({
    method: "POST",
    path: "/api/sandbox/run",
    body: sandboxRunSchema,
    answer: sandboxResultSchema,
  }),
};

/** POST /api/ide/run takes this: a workspace file to run. */
export const ideRunSchema = z
  .object({
    path: z.string().min(1).max(1024),
    /** The browser's id for the run, echoed on execution_start. */
    requestId: z.string().uuid().optional(),
  })
  .strict();

/** The IDE's run of a workspace file (server: apps/server/src/ide/routes.ts). */
export const ideRunApi = {
  /** Runs the file in the sandbox; its output also streams over the live channel, tagged `requestId`. */
  run: endpoint({ method: "POST", path: "/api/ide/run", body: ideRunSchema, answer: ideRunResultSchema }),
};
