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

/** The models of the providers the person can use: the usable one first, its default model first. */
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
