import { describe, expect, it } from "vitest";
import { contextWindowOf } from "./context-windows";
import { providerCatalog } from "./llm";

describe("context windows", () => {
  it("knows the published window of every catalogue model", () => {
    for (const entry of Object.values(providerCatalog))
      for (const model of entry.models)
        expect(contextWindowOf(entry.id, model), `${entry.id}/${model}`).toBeGreaterThan(0);
    expect(contextWindowOf("openai", "gpt-4")).toBe(8_192);
    expect(contextWindowOf("anthropic", "claude-sonnet-4-5")).toBe(200_000);
    expect(contextWindowOf("ollama", "llama3.1:8b")).toBe(131_072);
  });

  it("says when a model's window is not known", () => {
    expect(contextWindowOf("openai", "my-fine-tune")).toBeNull();
  });
});
