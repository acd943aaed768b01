import path from "node:path";
import { z } from "zod";

const commaList = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s]+$/, "must be an http:// or https:// URL")
  .transform((s) => s.replace(/\/+$/, ""));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * A dump of a migrated PGlite cluster (gzip tar, db/cluster-template.ts) a new embedded database
   * starts from instead of initdb: test servers boot in a fraction of the time.
   */
  PGLITE_TEMPLATE: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFlag,
  /** Extra origins allowed to make state-changing requests (besides the server's own). */
  ALLOWED_ORIGINS: commaList,
  /** Public base URL used in mailed links; defaults to the request's own origin. */
  PUBLIC_URL: z.string().url().optional(),
  EXECUTIVE_ACCESS_DOMAINS: commaList,
  /** Sign-in attempts allowed per address and minute (a shared office or school NAT may need more). */
  LOGIN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("NeuroOS <no-reply@neuroos.local>"),
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Workspaces (files API): per-file and per-workspace limits by plan, in MB. */
  WORKSPACE_FILE_MB_FREE: z.coerce.number().positive().default(10),
  WORKSPACE_FILE_MB_PRO: z.coerce.number().positive().default(100),
  WORKSPACE_QUOTA_MB_FREE: z.coerce.number().positive().default(100),
  WORKSPACE_QUOTA_MB_PRO: z.coerce.number().positive().default(2048),
  /**
   * Each workspace its own file system (an ext4 image of the quota's size, loop-mounted), so code
   * and the terminal meet the quota exactly. `auto`: when running as root with loop devices on the
   * embedded database (one node; nodes on PostgreSQL may share DATA_DIR, and an image must never be
   * mounted by two of them); `off`: plain folders.
   */
  WORKSPACE_VOLUMES: z.enum(["auto", "off"]).default("auto"),
  /** Sandbox (bubblewrap): the binary, and each job's limits. */
  SANDBOX_BWRAP: z.string().min(1).default("bwrap"),
  SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SANDBOX_CPU_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** CPU time each sandboxed job or terminal may use, in cores (all of them together: cores - 1). */
  SANDBOX_CPU_CORES: z.coerce.number().min(0.05).max(256).default(1),
  SANDBOX_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(512),
  SANDBOX_MAX_PROCESSES: z.coerce.number().int().min(4).max(4096).default(64),
  SANDBOX_MAX_FILE_MB: z.coerce.number().int().min(1).max(65_536).optional(),
  SANDBOX_OUTPUT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Model calls an agent may make in one turn before it is stopped. */
  AGENT_MAX_STEPS: z.coerce.number().int().min(1).max(100).default(10),
  /** Jobs one user may run at once, and jobs the whole server runs at once. */
  SANDBOX_JOBS_PER_USER: z.coerce.number().int().min(1).max(64).default(2),
  SANDBOX_MAX_JOBS: z.coerce.number().int().min(1).max(1024).default(16),
  /** Terminal: close after this long without input; keep a detached one this long for a reattach. */
  TERMINAL_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(30 * 60_000),
  TERMINAL_REATTACH_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  TERMINALS_PER_USER: z.coerce.number().int().min(1).max(64).default(4),
  /** LLM gateway: server-wide keys and base URLs (trusted); a user's own settings win. */
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  HF_TOKEN: z.string().optional(),
  OPENAI_BASE_URL: httpUrl.optional(),
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  HF_BASE_URL: httpUrl.optional(),
  OLLAMA_BASE_URL: httpUrl.optional(),
  /** Hugging Face Hub address for model downloads (huggingface_hub's variable). */
  HF_ENDPOINT: httpUrl.default("https://huggingface.co"),
  /** Encrypts users' API keys at rest; generated into DATA_DIR (0600) when unset. */
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** host:port pairs a user's base URL may reach on loopback or private addresses. */
  LLM_ENDPOINT_ALLOWLIST: z
    .string()
    .default("localhost:11434,127.0.0.1:11434")
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** A streamed model call with no data for this long (a whole answer: in total) fails with llm_timeout. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(50).max(3_600_000).default(120_000),
  /** Threads for the local (llama.cpp) provider; default: every core. */
  LLM_LOCAL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** A call of a tool on a person's MCP server that takes longer fails (and is cancelled). */
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Local (stdio) MCP servers one person may have running at once, on all nodes together. */
  MCP_LOCAL_SERVERS_PER_USER: z.coerce.number().int().min(1).max(64).default(3),
  /** A person's MCP server connection unused this long is closed (a local one's sandbox stopped). */
  MCP_LOCAL_IDLE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(10 * 60_000),
  /** The marketplace catalogue: a folder of JSON entries (default: apps/server/catalogue, shipped). */
  MARKETPLACE_DIR: z.string().min(1).optional(),
  /** A resource attached to a chat message (or a prompt filled in) over this many bytes is refused. */
  MCP_RESOURCE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1000)
    .max(10 * 1024 * 1024)
    .default(100_000),
  /**
   * A call through /mcp with a token that asks first waits this long for the person's answer, then
   * is refused. Keep it under MCP clients' request timeout (the official SDKs': 60 s).
   */
  MCP_APPROVAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(55_000),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the configuration once; a wrong value throws one line naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
