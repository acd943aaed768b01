import { describe, expect, it } from "vitest";
import { turnModel } from "./turn-model";

describe("a turn's provider and model", () => {
  const agent = { provider: "anthropic", model: "claude-x" };
  it("takes the one-off choice, then the session's, then the agent's, then none", () => {
    expect(
      turnModel({ provider: "openai", model: "m1" }, { provider: "ollama", model: "m2" }, agent),
    ).toEqual({
      provider: "openai",
      model: "m1",
    });
    expect(turnModel(undefined, { provider: "ollama", model: "m2" }, agent)).toEqual({
      provider: "ollama",
      model: "m2",
    });
    expect(turnModel(undefined, { provider: null, model: null }, agent)).toEqual(agent);
    expect(turnModel(undefined, { provider: null, model: null }, null)).toEqual({});
  });
  it("does not carry a model over to another provider; a model alone keeps the provider below it", () => {
    expect(turnModel({ provider: "openai" }, null, agent)).toEqual({ provider: "openai" });
    expect(turnModel({ model: "claude-y" }, null, agent)).toEqual({
      provider: "anthropic",
      model: "claude-y",
    });
    expect(turnModel({ provider: "anthropic" }, null, agent)).toEqual(agent);
  });
  it("refuses an unknown provider in words", () => {
    expect(() => turnModel(undefined, { provider: "nope", model: "x" })).toThrow("Unknown provider 'nope'");
  });
});
