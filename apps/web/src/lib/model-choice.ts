import type { ProviderId, ProvidersResponse } from "@neuroos/contracts";

/** A model a prompt can run on: a provider and one of its models. */
export interface ModelChoice {
  provider: ProviderId;
  model: string;
}

export const choiceKey = (choice: ModelChoice) => `${choice.provider}/${choice.model}`;

export function parseChoice(key: string): ModelChoice | null {
  const slash = key.indexOf("/");
  if (slash < 1) return null;
  return { provider: key.slice(0, slash) as ProviderId, model: key.slice(slash + 1) };
}

/** The names the spec gives some models (the IDE's two Claude models); others show as provider/model. */
const MODEL_NAMES: Record<string, string> = {
  "anthropic/claude-sonnet-4-20250514": "Claude 4 Sonnet",
  "anthropic/claude-3-7-sonnet-20250219": "Claude 3.7 Sonnet",
};

export const choiceLabel = (choice: ModelChoice) => MODEL_NAMES[choiceKey(choice)] ?? choiceKey(choice);

/**
 * The models of the providers the person can use (as the server decides: a server key or their
 * own, Ollama when it answers, a downloaded local model): the usable one first, its default
 * model first. Every model picker offers this list and no other.
 */
export function modelChoices(data: ProvidersResponse | undefined): ModelChoice[] {
  if (!data) return [];
  const usable = data.providers.filter((p) => p.configured || p.id === data.usableProvider);
  usable.sort((a, b) => Number(b.id === data.usableProvider) - Number(a.id === data.usableProvider));
  return usable.flatMap((provider) =>
    [...new Set([provider.defaultModel, ...provider.models])]
      .filter(Boolean)
      .map((model) => ({ provider: provider.id, model })),
  );
}
