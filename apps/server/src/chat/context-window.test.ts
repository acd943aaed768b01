import { afterAll, beforeAll, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { contextCharsFor, fitConversation } from "./history";
import * as chat from "./service";

it("a model's window bounds what it is sent: less room for the answer, capped; unknown windows get the default", () => {
  expect(contextCharsFor(8_192)).toBe((8_192 - 2_048) * 4);
  expect(contextCharsFor(1_047_576)).toBe(64_000 * 4);
  expect(contextCharsFor(null)).toBe(24_000 * 4);
  const long = Array.from({ length: 40 }, (_, i) => ({
    id: String(i),
    sessionId: "s",
    parentId: i ? String(i - 1) : null,
    role: i % 2 ? ("assistant" as const) : ("user" as const),
    content: `${i} ${"x".repeat(1_000)}`,
    timestamp: "",
    metadata: {},
  }));
  const fitted = fitConversation(long, 10_000);
  expect(fitted.dropped).toBe(long.length - fitted.messages.length);
  expect(fitted.dropped).toBeGreaterThan(25);
  // The first question stays, then the newest turns.
  expect(fitted.messages[0]).toMatchObject({ role: "user", content: long[0]?.content });
  expect(fitted.messages.at(-1)).toMatchObject({ content: long.at(-1)?.content });
});

it("never sends a tool result without the call that asked for it, even past the budget", () => {
  const at = (i: number, role: "user" | "assistant" | "tool", content: string, metadata = {}) => ({
    id: String(i),
    sessionId: "s",
    parentId: i ? String(i - 1) : null,
    role,
    content,
    timestamp: "",
    metadata,
  });
  const call = { toolCalls: [{ id: "c1", name: "run_code", input: { code: "print(1)" } }] };
  const conversation = [
    at(0, "user", "Run it"),
    at(1, "assistant", "Running.", call),
    at(2, "tool", `"${"x".repeat(6_000)}"`, { toolCallId: "c1", toolName: "run_code" }),
  ];
  const fitted = fitConversation(conversation, 3_000);
  expect(fitted.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  expect(fitted.dropped).toBe(0);
});

describeEachDatabase("a conversation longer than the model's window", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let live: LiveClient;
  let cookie: string;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    const { wsUrl, origin } = await listen(t.app);
    ({ cookie } = await signedInUser(t.app));
    live = await LiveClient.connect(wsUrl, { cookie, origin });
  });
  afterAll(async () => {
    live.socket.close();
    await t.app.close();
    await provider.close();
  });

  it("sends the newest turns that fit gpt-4's 8k window and says with the reply how many were left out", async () => {
    const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    expect(
      (
        await api("PUT", "/api/settings", {
          defaultProvider: "openai",
          providers: { openai: { model: "gpt-4" } },
        })
      ).statusCode,
    ).toBe(200);
    const { id } = (await api("POST", "/api/sessions", { agentId: null })).json();
    // 60 turns of about 1,000 characters: about 30k tokens, far beyond 8k.
    for (let i = 0; i < 60; i++) {
      const role = i % 2 ? "assistant" : "user";
      await chat.addMessage(db().db, {
        sessionId: id,
        role,
        content: `turn ${i} ${"word ".repeat(200)}`,
        metadata: {},
      });
    }
    provider.script({ kind: "text", chunks: ["Short answer."] });
    live.send({ type: "chat_message", sessionId: id, content: "And now?" });
    const stored = await live.next(
      (f) => f.type === "chat_message" && (f.message as { role: string }).role === "assistant",
      15_000,
    );
    const sent = (provider.calls[0]?.body?.messages ?? []) as { content: string }[];
    expect(JSON.stringify(sent).length).toBeLessThan(contextCharsFor(8_192) + 2_000);
    expect(sent.at(-1)?.content).toBe("And now?");
    const dropped = (stored.message as { metadata: { contextDropped?: number } }).metadata.contextDropped;
    // Everything sent plus everything dropped is the whole conversation (60 stored + the question).
    expect(dropped).toBeGreaterThan(20);
    expect(sent.filter((m) => (m as { role?: string }).role !== "system").length + (dropped ?? 0)).toBe(61);
    const reread = (await api("GET", `/api/sessions/${id}/messages`)).json() as {
      metadata: { contextDropped?: number };
    }[];
    expect(reread.at(-1)?.metadata.contextDropped).toBe(dropped);
  });
});
