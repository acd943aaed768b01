import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import type { Llm } from "../llm";
import { OpenAiModels } from "./models";
import { type OpenAiRouteDeps, openAiRoutes } from "./routes";

/**
 * The OpenAI-compatible API (`/v1/models`, `/v1/chat/completions`): the person's agents and
 * models for any OpenAI client, by personal access token, every call through the LLM gateway.
 */
export async function mountOpenAiApi(
  app: FastifyInstance,
  deps: {
    db: Db;
    llm: Pick<Llm, "gateway" | "statuses" | "pulls">;
    verifyToken: OpenAiRouteDeps["verifyToken"];
  },
): Promise<void> {
  await app.register(openAiRoutes, {
    db: deps.db,
    gateway: deps.llm.gateway,
    models: new OpenAiModels({ db: deps.db, llm: deps.llm }),
    verifyToken: deps.verifyToken,
  });
}
