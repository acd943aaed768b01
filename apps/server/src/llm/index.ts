import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../env";
import type { EndpointPolicy, LookupAll } from "../platform/endpoint-guard";
import type { Redactor } from "../redaction";
import type { ReadAccess } from "./access";
import type { RecordModelCall } from "./call-log";
import { PullManager } from "./local/pull-manager";
import { LocalRuntime } from "./local/runtime";
import { LlmGateway } from "./service";
import { ProviderStatuses } from "./status";

export { LlmGateway, type PreparedCall } from "./service";
export type { GatewayMessage, LlmEvent, ToolChoice, ToolDefinition } from "./types";

/** The LLM feature's parts, built once per app: gateway, status checks, local downloads. */
export interface Llm {
  gateway: LlmGateway;
  statuses: ProviderStatuses;
  pulls: PullManager;
  endpointPolicy: EndpointPolicy;
  close(): Promise<void>;
}

export function createLlm(deps: {
  env: Env;
  /** A person's provider settings and keys, as the settings feature reads them. */
  readAccess: ReadAccess;
  log?: FastifyBaseLogger;
  lookup?: LookupAll;
  recordCall?: RecordModelCall;
  redactor?: Redactor;
}): Llm {
  const { env, readAccess, log, recordCall, redactor } = deps;
  const endpointPolicy: EndpointPolicy = { allowlist: env.LLM_ENDPOINT_ALLOWLIST, lookup: deps.lookup };
  const modelsDir = path.join(env.DATA_DIR, "models");
  const local = new LocalRuntime({
    modelsDir,
    threads: env.LLM_LOCAL_THREADS ?? os.availableParallelism(),
    onLog: (message) => log?.warn({ message }, "llama.cpp"),
  });
  const gateway = new LlmGateway({ readAccess, env, local, endpointPolicy, log, recordCall, redactor });
  const pulls = new PullManager({
    modelsDir,
    hubUrl: env.HF_ENDPOINT,
    token: env.HF_TOKEN,
    onError: (err) => log?.warn({ err: (err as Error).message }, "model download failed"),
  });
  return {
    gateway,
    statuses: new ProviderStatuses(gateway),
    pulls,
    endpointPolicy,
    close: async () => {
      pulls.close();
      await gateway.close();
    },
  };
}
