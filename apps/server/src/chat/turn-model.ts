import { type Agent, type ChatSession, type ProviderId, providerIdSchema } from "@neuroos/contracts";
import type { LlmGateway } from "../llm";
import type { UserLlmAccess } from "../llm/access";

/** The provider and model a turn answers with, and the settings the engine is given for them. */
export interface TurnModel {
  provider: ProviderId;
  model: string;
  config: { provider?: ProviderId; model?: string; temperature?: number };
}

/**
 * The model of a session's next turn: a one-off choice (regenerating with another model), else
 * the session's own (the chat header's), else its agent's, else the person's default.
 */
export function turnModelOf(
  gateway: Pick<LlmGateway, "defaultModel">,
  access: UserLlmAccess,
  session: Pick<ChatSession, "provider" | "model">,
  agent: Pick<Agent, "provider" | "model" | "temperature"> | null,
  once?: { provider?: string | null; model?: string | null },
): TurnModel {
  const chosen = [once, session, agent].find(
    (c) => c?.provider && providerIdSchema.safeParse(c.provider).success,
  );
  const provider = (chosen?.provider as ProviderId | undefined) ?? access.preferences.defaultProvider;
  // An agent naming a model without a provider means that model of the default provider.
  const named = chosen ? chosen.model : agent?.model;
  const model = named ?? gateway.defaultModel(provider, access);
  return {
    provider,
    model,
    config: {
      ...(chosen ? { provider } : {}),
      ...(named ? { model } : {}),
      ...(agent?.temperature === undefined ? {} : { temperature: agent.temperature }),
    },
  };
}
