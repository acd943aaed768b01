import { type ProviderId, type ProviderInfo, providerCatalog, providerIds } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { choiceLabel, modelChoices } from "./model-choice";

/** The server's provider list for a person: `configured` as the server decided it. */
function providers(configured: ProviderId[], usable: ProviderId | null) {
  const info = (id: ProviderId): ProviderInfo => ({
    id,
    name: providerCatalog[id].name,
    configured: configured.includes(id),
    keySource: configured.includes(id) && providerCatalog[id].needsKey ? "server" : "none",
    baseUrl: providerCatalog[id].defaultBaseUrl,
    defaultModel: providerCatalog[id].defaultModel,
    models: [...providerCatalog[id].models],
    supportsTools: true,
  });
  return { providers: providerIds.map(info), defaultProvider: "openai" as const, usableProvider: usable };
}

describe("the models a picker offers", () => {
  it("only the providers the person can use, the usable one and its default model first", () => {
    const choices = modelChoices(providers(["openai", "ollama"], "ollama"));
    expect(new Set(choices.map((c) => c.provider))).toEqual(new Set(["ollama", "openai"]));
    expect(choices[0]).toEqual({ provider: "ollama", model: "llama2" });
    expect(choices.map(choiceLabel)).not.toContain("Claude 4 Sonnet");
    expect(choices.some((c) => c.provider === "anthropic")).toBe(false);
  });

  it("none at all when no provider is usable", () => {
    expect(modelChoices(providers([], null))).toEqual([]);
  });

  it("Anthropic's models, with the spec's names for two of them, once it has a key", () => {
    const labels = modelChoices(providers(["anthropic"], "anthropic")).map(choiceLabel);
    expect(labels[0]).toBe("anthropic/claude-sonnet-4-5");
    expect(labels).toContain("Claude 4 Sonnet");
    expect(labels).toContain("Claude 3.7 Sonnet");
    expect(labels).toContain("anthropic/claude-haiku-4-5");
  });
});
