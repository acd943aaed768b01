import { MEMORY_MAX_ENTRIES, MEMORY_MAX_LENGTH } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Frame = Record<string, unknown>;
type SentMessage = { role: string; content: unknown };

describeEachDatabase("memory: settings, the remembered facts, what the model receives", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string };
  let live: LiveClient;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    const { wsUrl, origin } = await listen(t.app);
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
    live = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
  });
  afterAll(async () => {
    live.socket.close();
    await t.app.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.reset();
    live.frames.length = 0;
  });

  const api = (method: string, url: string, payload?: object, who: { cookie: string } = alice) =>
    t.app.inject({ method: method as "GET", url, payload, headers: { cookie: who.cookie } });
  const memory = (value: { conversation?: boolean; crossSession?: boolean }) =>
    api("PUT", "/api/settings", { defaultProvider: "openai", memory: value });
  /** The approval questions answered (approved) by `approving`. */
  const approved: Frame[] = [];
  const answered = new Set<unknown>();
  /** Waits for a frame, approving what the agent asks meanwhile (remembering and forgetting are writes: safe mode asks). */
  const approving = (predicate: (f: Frame) => boolean) =>
    live.next((f: Frame) => {
      if (f.type === "approval_request" && !answered.has(f.approvalId)) {
        answered.add(f.approvalId);
        approved.push(f);
        live.send({ type: "approval_response", approvalId: f.approvalId, approved: true });
        return false;
      }
      return predicate(f);
    });
  /** Sends a message, approves what the agent asks, and waits for the turn's final answer (a reply without tool calls). */
  const say = async (sessionId: string, content: string) => {
    // The previous turn may still be finishing after its reply arrived (the session then refuses a
    // new message with 'conflict', as the console does while busy): send again once it has.
    for (let attempt = 0; ; attempt++) {
      live.frames.length = 0;
      live.send({ type: "chat_message", sessionId, content });
      const first = await live.next(
        (f: Frame) =>
          f.type === "error" || (f.type === "chat_message" && (f.message as Frame).role === "user"),
      );
      if (first.type !== "error" || first.code !== "conflict" || attempt >= 40) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await approving((f: Frame) => {
      const m = f.message as { role?: string; sessionId?: string; metadata?: Frame } | undefined;
      return (
        f.type === "chat_message" &&
        m?.sessionId === sessionId &&
        m.role === "assistant" &&
        !m.metadata?.toolCalls
      );
    });
  };
  const sent = (call = -1) => (provider.calls.at(call)?.body?.messages ?? []) as SentMessage[];
  const toolNames = (call = -1) =>
    ((provider.calls.at(call)?.body?.tools ?? []) as { function: { name: string } }[]).map(
      (x) => x.function.name,
    );
  const newSession = async () => (await api("POST", "/api/sessions", { agentId: null })).json().id as string;

  it("REST: lists, adds, edits and deletes the person's own memories; bad input 400, others' ids 404", async () => {
    expect((await api("GET", "/api/memories")).json()).toEqual([]);
    const added = await api("POST", "/api/memories", { content: "  Prefers metric units " });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ content: "Prefers metric units", source: "user" });
    const { id } = added.json();
    const edited = await api("PATCH", `/api/memories/${id}`, { content: "Prefers SI units" });
    expect(edited.json()).toMatchObject({ id, content: "Prefers SI units" });
    for (const body of [
      { content: "" },
      { content: "x".repeat(MEMORY_MAX_LENGTH + 1) },
      { content: 5 },
      { content: "a", source: "model" },
      {},
    ]) {
      const res = await api("POST", "/api/memories", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBeTruthy();
      expect((await api("PATCH", `/api/memories/${id}`, body)).statusCode).toBe(400);
    }
    expect((await api("GET", "/api/memories", undefined, bob)).json()).toEqual([]);
    expect((await api("PATCH", `/api/memories/${id}`, { content: "mine" }, bob)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/memories/${id}`, undefined, bob)).statusCode).toBe(404);
    expect((await api("DELETE", "/api/memories/not-a-uuid")).statusCode).toBe(404);
    expect((await api("GET", "/api/memories")).json().map((m: Frame) => m.content)).toEqual([
      "Prefers SI units",
    ]);
    expect((await api("DELETE", `/api/memories/${id}`)).statusCode).toBe(204);
    expect((await api("DELETE", `/api/memories/${id}`)).statusCode).toBe(404);
    expect((await api("GET", "/api/memories")).json()).toEqual([]);
    expect((await t.app.inject({ url: "/api/memories" })).statusCode).toBe(401);
  });

  it("keeps at most MEMORY_MAX_ENTRIES per person: one more is refused (409) and changes nothing", async () => {
    const carol = await signedInUser(t.app);
    for (let i = 0; i < MEMORY_MAX_ENTRIES; i++) {
      expect((await api("POST", "/api/memories", { content: `fact ${i}` }, carol)).statusCode).toBe(201);
    }
    const full = await api("POST", "/api/memories", { content: "one too many" }, carol);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      `Memory is full (${MEMORY_MAX_ENTRIES} entries): delete some in Settings first`,
    );
    expect((await api("GET", "/api/memories", undefined, carol)).json()).toHaveLength(MEMORY_MAX_ENTRIES);
  });

  it("holds the cap when adds race: 20 at once with 5 places left make exactly 5", async () => {
    const dave = await signedInUser(t.app);
    for (let i = 0; i < MEMORY_MAX_ENTRIES - 5; i++)
      await api("POST", "/api/memories", { content: `fact ${i}` }, dave);
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api("POST", "/api/memories", { content: `race ${i}` }, dave)),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect((await api("GET", "/api/memories", undefined, dave)).json()).toHaveLength(MEMORY_MAX_ENTRIES);
  });

  it("conversation memory off: the model gets the system prompt and the new message only; on: the history", async () => {
    await memory({ conversation: false, crossSession: false });
    const id = await newSession();
    await say(id, "My cat is called Miso");
    await say(id, "What is my cat called?");
    expect(sent().map((m) => [m.role, m.content])).toEqual([["user", "What is my cat called?"]]);
    await memory({ conversation: true });
    await say(id, "And again?");
    expect(sent().map((m) => m.content)).toEqual([
      "My cat is called Miso",
      expect.any(String),
      "What is my cat called?",
      expect.any(String),
      "And again?",
    ]);
  });

  it("cross-session memory on: the model remembers through its tool, and a new session is given the fact", async () => {
    await memory({ conversation: true, crossSession: true });
    provider.script(
      {
        kind: "tool-calls",
        calls: [{ id: "m1", name: "remember", args: { fact: "Their cat is called Miso" } }],
      },
      { kind: "text", chunks: ["I will remember that."] },
    );
    approved.length = 0;
    await say(await newSession(), "Remember that my cat is called Miso");
    expect(toolNames(0)).toEqual(["remember", "recall", "forget"]);
    // The write was on the approval card (plain chat is in safe mode) before it ran.
    expect(approved).toMatchObject([{ tool: "remember", input: { fact: "Their cat is called Miso" } }]);
    const stored = (await api("GET", "/api/memories")).json();
    expect(stored).toMatchObject([{ content: "Their cat is called Miso", source: "model" }]);
    await api("POST", "/api/memories", { content: "Works as a nurse in Lyon" });

    await say(await newSession(), "Suggest a name for a second cat");
    const system = sent().find((m) => m.role === "system")?.content as string;
    expect(system).toContain("- Their cat is called Miso");
    // The keyword rule: only the entry sharing a word ('cat') with the first message goes.
    expect(system).not.toContain("nurse");
    // Nothing shares a word: the most recent entries go instead.
    await say(await newSession(), "Hello there");
    const fallback = sent().find((m) => m.role === "system")?.content as string;
    expect(fallback).toContain("- Works as a nurse in Lyon");
    expect(fallback).toContain("- Their cat is called Miso");
  });

  it("the person asks to forget: the model's forget tool removes the entry", async () => {
    await memory({ crossSession: true });
    provider.script(
      { kind: "tool-calls", calls: [{ id: "f1", name: "forget", args: { about: "nurse Lyon" } }] },
      { kind: "text", chunks: ["Forgotten."] },
    );
    await say(await newSession(), "Please forget where I work");
    expect((await api("GET", "/api/memories")).json().map((m: Frame) => m.content)).toEqual([
      "Their cat is called Miso",
    ]);
  });

  it("the model searches what was remembered with recall (a read: nothing to approve)", async () => {
    await memory({ crossSession: true });
    provider.script(
      { kind: "tool-calls", calls: [{ id: "s1", name: "recall", args: { query: "cat name" } }] },
      { kind: "text", chunks: ["Your cat is Miso."] },
    );
    approved.length = 0;
    await say(await newSession(), "What did I tell you about my cat?");
    expect(approved).toEqual([]);
    const result = sent().find((m) => m.role === "tool")?.content as string;
    expect(JSON.parse(result)).toMatchObject({ found: [{ fact: "Their cat is called Miso" }] });
    expect(result).not.toContain("nurse");
  });

  it("a memory write the person denies is not stored", async () => {
    await memory({ crossSession: true });
    provider.script(
      { kind: "tool-calls", calls: [{ id: "d1", name: "remember", args: { fact: "Denied fact" } }] },
      { kind: "text", chunks: ["All right, I will not."] },
    );
    live.frames.length = 0;
    live.send({ type: "chat_message", sessionId: await newSession(), content: "Remember something" });
    const question = await live.next((f: Frame) => f.type === "approval_request", 10_000);
    live.send({ type: "approval_response", approvalId: question.approvalId, approved: false });
    await live.next(
      (f: Frame) => f.type === "chat_message" && (f.message as Frame).content === "All right, I will not.",
      10_000,
    );
    expect((await api("GET", "/api/memories")).json().map((m: Frame) => m.content)).not.toContain(
      "Denied fact",
    );
  });

  it("cross-session memory off: no tool offered, nothing sent, nothing stored", async () => {
    await memory({ crossSession: false });
    provider.script({
      kind: "tool-calls",
      calls: [{ id: "r1", name: "remember", args: { fact: "secret" } }],
    });
    // The model asks for the tool anyway: nothing runs, nothing is stored.
    live.frames.length = 0;
    live.send({ type: "chat_message", sessionId: await newSession(), content: "Remember my cat" });
    await live.next((f: Frame) => f.type === "chat_message" && (f.message as Frame).role === "assistant");
    expect(provider.calls.at(0)?.body?.tools).toBeUndefined();
    expect(sent(0).some((m) => m.role === "system")).toBe(false);
    expect((await api("GET", "/api/memories")).json().map((m: Frame) => m.content)).toEqual([
      "Their cat is called Miso",
    ]);
  });

  it("a model without tool calling (Ollama llama2) remembers and forgets by a REMEMBER: / FORGET: line", async () => {
    await api("PUT", "/api/settings", {
      defaultProvider: "ollama",
      providers: { ollama: { model: "llama2" } },
      memory: { crossSession: true },
    });
    provider.script(
      { kind: "text", chunks: ["Noted.\nREMEMBER: Prefers tea to coffee\n"] },
      { kind: "text", chunks: ["I will keep that in mind."] },
    );
    const reply = (text: string) => (f: Frame) =>
      f.type === "chat_message" && (f.message as Frame).content === text;
    await say(await newSession(), "Remember that I prefer tea");
    await approving(reply("I will keep that in mind."));
    const requests = provider.calls.filter((c) => c.flavor === "ollama");
    expect(requests[0]?.body).not.toHaveProperty("tools");
    expect(JSON.stringify(requests[0]?.body)).toContain("REMEMBER: <the fact>");
    expect(JSON.stringify(requests[1]?.body)).toContain("Result of your REMEMBER line");
    let contents = (await api("GET", "/api/memories")).json().map((m: Frame) => m.content);
    expect(contents).toContain("Prefers tea to coffee");

    provider.reset();
    provider.script(
      { kind: "text", chunks: ["FORGET: tea coffee"] },
      { kind: "text", chunks: ["Done, forgotten."] },
    );
    await say(await newSession(), "Forget what I drink");
    await approving(reply("Done, forgotten."));
    contents = (await api("GET", "/api/memories")).json().map((m: Frame) => m.content);
    expect(contents).not.toContain("Prefers tea to coffee");
    await api("PUT", "/api/settings", { defaultProvider: "openai", providers: { ollama: { model: null } } });
  });
});
