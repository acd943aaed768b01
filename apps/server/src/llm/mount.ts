import type { FastifyInstance } from "fastify";
import type { Cluster } from "../cluster/cluster";
import { dropEverywhere } from "../cluster/join";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Redactor } from "../redaction";
import type { ReadAccess } from "./access";
import type { RecordModelCall } from "./call-log";
import { createLlm, type Llm } from "./index";
import { llmRoutes } from "./routes";

/**
 * The LLM gateway: every model call goes through `llm.gateway` (per-person settings, five
 * providers), each one recorded and counted. `settingsChanged` tells every node's gateway that a
 * person's saved settings changed, so they apply at once everywhere.
 */
export async function mountLlm(
  app: FastifyInstance,
  deps: {
    env: Env;
    db: Db;
    cluster: Cluster;
    redactor: Redactor;
    /** A person's provider settings and keys, as the settings feature reads them. */
    readAccess: ReadAccess;
    /** Where each call is logged (the execution log). */
    recordCall: RecordModelCall;
    /** Counts a call and its tokens (the Analytics monitor). */
    countCall: (provider: string, tokens: number) => void;
  },
): Promise<Llm & { settingsChanged: (userId: string) => void }> {
  const llm = createLlm({
    env: deps.env,
    readAccess: deps.readAccess,
    log: app.log,
    redactor: deps.redactor,
    recordCall: async (call) => {
      deps.countCall(call.provider, (call.usage.promptTokens ?? 0) + (call.usage.completionTokens ?? 0));
      await deps.recordCall(call);
    },
  });
  app.addHook("onClose", () => llm.close());
  const settingsChanged = dropEverywhere(deps.cluster, "llm_settings_changed", (id) =>
    llm.gateway.invalidate(id),
  );
  await app.register(llmRoutes, { db: deps.db, llm });
  return { ...llm, settingsChanged };
}
