import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { EndpointPolicy, LookupAll } from "../platform/endpoint-guard";
import { SecretBox } from "../platform/secret-box";
import type { Redactor } from "../redaction";
import { loadOrCreateSecret } from "../secrets";
import type { RecordModelCall } from "./call-log";
import { PullManager } from "./local/pull-manager";
import { LocalRuntime } from "./local/runtime";
import { LlmGateway } from "./service";
import { ProviderStatuses } from "./status";

export { LlmGateway } from "./service";
export type { GatewayMessage, LlmEvent, ToolDefinition } from "./types";

/** The LLM feature's parts, built once per app: gateway, status checks, local downloads. */
export interface Llm {
  gateway: LlmGateway;
  statuses: ProviderStatuses;
  pulls: PullManager;
  box: SecretBox;
  endpointPolicy: EndpointPolicy;
  close(): Promise<void>;
}

export function createLlm(deps: {
  env: Env;
  db: Db;
  log?: FastifyBaseLogger;
  lookup?: LookupAll;
  recordCall?: RecordModelCall;
  redactor?: Redactor;
}): Llm {
  const { env, db, log, recordCall, redactor } = deps;
  const box = new SecretBox(loadOrCreateSecret(env.DATA_DIR, "secret-key", env.SECRET_KEY));
  const endpointPolicy: EndpointPolicy = { allowlist: env.LLM_ENDPOINT_ALLOWLIST, lookup: deps.lookup };
  const modelsDir = path.join(env.DATA_DIR, "models");
  const local = new LocalRuntime({
    modelsDir,
    threads: env.LLM_LOCAL_THREADS ?? os.availableParallelism(),
    onLog: (message) => log?.warn({ message }, "llama.cpp"),
  });
  const gateway = new LlmGateway({ db, box, env, local, endpointPolicy, log, recordCall, redactor });
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
    box,
    endpointPolicy,
    close: async () => {
      pulls.close();
      await gateway.close();
    },
  };
}
