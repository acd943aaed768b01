import { type Agent, type LlmConfig, type ProviderId, providerIdSchema } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { LlmGateway } from "../llm";
import type { UserLlmAccess } from "../llm/access";

/** A provider and model someone chose (null or absent: not chosen here). */
export interface ModelChoice {
  provider?: string | null;
  model?: string | null;
}

/**
 * The provider and model of a turn: a one-off choice (a reply regenerated with another model),
 * else the session's, else the agent's, else the person's default (left to the gateway). A model
 * chosen beside another provider than the one used is not carried over to it (its provider's
 * default model answers instead). An unknown provider is refused here, in words the reply keeps.
 */
export function turnModel(
  ...choices: readonly (ModelChoice | null | undefined)[]
): Pick<LlmConfig, "provider" | "model"> {
  const provider = choices.find((c) => c?.provider)?.provider ?? undefined;
  let model: string | undefined;
  for (const c of choices) {
    if (!c?.model) continue;
    if (!c.provider || c.provider === provider) {
      model = c.model;
      break;
    }
  }
  if (provider === undefined) return model === undefined ? {} : { model };
  const known = providerIdSchema.safeParse(provider);
  if (!known.success)
    throw new AppError(
      400,
      "bad_request",
      `Unknown provider '${provider}': choose another model for this session`,
    );
  return { provider: known.data, ...(model === undefined ? {} : { model }) };
}

/** The provider and model a turn answers with (resolved), and the settings the engine is given. */
export interface TurnModel {
  provider: ProviderId;
  model: string;
  config: Pick<LlmConfig, "provider" | "model" | "temperature">;
}

/**
 * turnModel resolved for a person: the default provider and its model filled in (what the
 * gateway would pick), for what depends on the model before the call (its window, images).
 */
export function turnModelOf(
  gateway: Pick<LlmGateway, "defaultModel">,
  access: UserLlmAccess,
  session: ModelChoice,
  agent: Pick<Agent, "provider" | "model" | "temperature"> | null,
  once?: ModelChoice,
): TurnModel {
  const chosen = turnModel(once, session, agent);
  const provider = chosen.provider ?? access.preferences.defaultProvider;
  return {
    provider,
    model: chosen.model ?? gateway.defaultModel(provider, access),
    config: { ...chosen, ...(agent ? { temperature: agent.temperature } : {}) },
  };
}
