import type { ChatMessage } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } };
type Frame = Record<string, unknown>;

describeEachDatabase("a conversation's branches: edit, regenerate, show another version, delete", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let aliceLive: LiveClient;
  let bobLive: LiveClient;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    const { wsUrl, origin } = await listen(t.app);
    [alice, bob] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    [aliceLive, bobLive] = await Promise.all([
      LiveClient.connect(wsUrl, { cookie: alice.cookie, origin }),
      LiveClient.connect(wsUrl, { cookie: bob.cookie, origin }),
    ]);
    for (const who of [alice, bob])
      expect((await api("PUT", "/api/settings", who, { defaultProvider: "openai" })).statusCode).toBe(200);
  });
  afterAll(async () => {
    aliceLive?.socket.close();
    bobLive?.socket.close();
    await t?.app.close();
    await provider?.close();
  });
  beforeEach(() => {
    provider.reset();
    aliceLive.frames.length = 0;
    bobLive.frames.length = 0;
  });

  const api = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    who: Who,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const branch = async (sessionId: string, who: Who = alice) =>
    (await api("GET", `/api/sessions/${sessionId}/messages`, who)).json() as ChatMessage[];
  const newSession = async (who: Who = alice) =>
    (await api("POST", "/api/sessions", who, { agentId: null })).json().id as string;
  /** The text of what the model was sent in its latest call (every message's content). */
  const sentLast = () => {
    const body = provider.calls.at(-1)?.body as { messages: { content: unknown }[] };
    return body.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
  };
  /** Sends a frame and waits until the turn's stored reply is told and the session is free again. */
  const turn = async (frame: Frame, reply: string, live = aliceLive) => {
    provider.script({ kind: "text", chunks: [reply] });
    live.frames.length = 0;
    live.send(frame);
    const sessionId = frame.sessionId as string;
    await live.next(
      (f) =>
        f.type === "chat_message" &&
        f.sessionId === sessionId &&
        (f.message as ChatMessage).role === "assistant" &&
        (f.message as ChatMessage).content === reply,
      20_000,
    );
    // The session is free a moment after its reply is told.
    await settle(sessionId);
  };
  /** Waits until no turn holds the session: showing its last message (which changes nothing) is not refused. */
  const settle = async (sessionId: string) => {
    const last = (await branch(sessionId)).at(-1);
    if (!last) return;
    await expect
      .poll(
        async () =>
          (await api("POST", `/api/sessions/${sessionId}/messages/${last.id}/show`, alice)).statusCode,
      )
      .toBe(200);
  };
  const send = (sessionId: string, content: string, reply: string, editOf?: string) =>
    turn({ type: "chat_message", sessionId, content, ...(editOf ? { editOf } : {}) }, reply);
  /** Two exchanges: Q1 → A1, Q2 → A2; answers the session and its branch. */
  const twoExchanges = async () => {
    const sessionId = await newSession();
    await send(sessionId, "Question one", "Answer one");
    await send(sessionId, "Question two", "Answer two");
    return { sessionId, messages: await branch(sessionId) };
  };

  it("an edit is a new version beside the old message; the model gets the new branch only; the old one can be shown and continued", async () => {
    const { sessionId, messages } = await twoExchanges();
    const q2 = messages[2] as ChatMessage;
    expect(q2.content).toBe("Question two");

    await send(sessionId, "Second question, edited", "Edited answer", q2.id);
    expect(sentLast()).toEqual(["Question one", "Answer one", "Second question, edited"]);
    const edited = await branch(sessionId);
    expect(edited.map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Second question, edited",
      "Edited answer",
    ]);
    expect(edited[2]?.parentId).toBe(q2.parentId);
    expect(edited[2]?.versions).toEqual([q2.id, edited[2]?.id]);

    // Back to the first version: its reply comes back with it; the next message continues that branch.
    aliceLive.frames.length = 0;
    const shown = await api("POST", `/api/sessions/${sessionId}/messages/${q2.id}/show`, alice);
    expect(shown.statusCode).toBe(200);
    expect((shown.json() as ChatMessage[]).map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Answer two",
    ]);
    await aliceLive.next((f) => f.type === "messages_changed" && f.sessionId === sessionId);
    await send(sessionId, "Question three", "Answer three");
    expect(sentLast()).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Answer two",
      "Question three",
    ]);
    expect((await branch(sessionId)).map((m) => m.content).at(-1)).toBe("Answer three");
  });

  it("a first message edited is a new first version", async () => {
    const sessionId = await newSession();
    await send(sessionId, "Hello", "Hi");
    const [first] = await branch(sessionId);
    await send(sessionId, "Hello again", "Hi again", first?.id);
    const shown = await branch(sessionId);
    expect(shown.map((m) => m.content)).toEqual(["Hello again", "Hi again"]);
    expect(shown[0]?.parentId).toBeNull();
    expect(shown[0]?.versions).toHaveLength(2);
    expect(sentLast()).toEqual(["Hello again"]);
    // Deleting the first message shown shows the other first version, with its reply.
    const gone = await api("DELETE", `/api/sessions/${sessionId}/messages/${shown[0]?.id}`, alice);
    expect((gone.json() as ChatMessage[]).map((m) => m.content)).toEqual(["Hello", "Hi"]);
    expect((gone.json() as ChatMessage[])[0]?.versions).toBeUndefined();
  });

  it("regenerate answers the same message again, with another provider and model for that turn; the old reply stays as version 1", async () => {
    const { sessionId, messages } = await twoExchanges();
    const a2 = messages[3] as ChatMessage;
    await turn(
      { type: "chat_regenerate", sessionId, messageId: a2.id, provider: "anthropic", model: "claude-other" },
      "Another answer two",
    );
    const call = provider.calls.at(-1);
    expect(call?.flavor).toBe("anthropic");
    expect(call?.body?.model).toBe("claude-other");
    expect(JSON.stringify(call?.body)).toContain("Question two");
    expect(JSON.stringify(call?.body)).not.toContain("Answer two");
    const after = await branch(sessionId);
    expect(after.map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Another answer two",
    ]);
    expect(after[3]?.versions).toEqual([a2.id, after[3]?.id]);
    expect(after[3]?.metadata).toMatchObject({ provider: "anthropic", model: "claude-other" });
    // That model was for one turn: the next one uses the session's (here the default).
    await send(sessionId, "Question three", "Answer three");
    expect(provider.calls.at(-1)?.flavor).toBe("openai");
    // Version 1 is still there.
    const back = await api("POST", `/api/sessions/${sessionId}/messages/${a2.id}/show`, alice);
    expect((back.json() as ChatMessage[]).map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Answer two",
    ]);
  });

  it("the session's provider and model answer its next turns; an unknown provider is a clear error in the reply", async () => {
    const sessionId = await newSession();
    const patched = await api("PATCH", `/api/sessions/${sessionId}`, alice, {
      provider: "openai",
      model: "gpt-session",
    });
    expect(patched.statusCode).toBe(200);
    await send(sessionId, "Which model?", "This one");
    expect(provider.calls.at(-1)?.body?.model).toBe("gpt-session");
    await api("PATCH", `/api/sessions/${sessionId}`, alice, { provider: "nonesuch", model: "x" });
    aliceLive.frames.length = 0;
    aliceLive.send({ type: "chat_message", sessionId, content: "And now?" });
    const failed = await aliceLive.next(
      (f) => f.type === "chat_message" && (f.message as ChatMessage).role === "assistant",
      20_000,
    );
    expect((failed.message as ChatMessage).metadata.error).toContain("Unknown provider 'nonesuch'");
    expect(provider.calls).toHaveLength(1);
  });

  it("delete removes a message and what follows it, and shows the branch left", async () => {
    const { sessionId, messages } = await twoExchanges();
    const q2 = messages[2] as ChatMessage;
    await send(sessionId, "Question two, edited", "Answer two, edited", q2.id);
    const edited = (await branch(sessionId))[2] as ChatMessage;

    // Deleting the version shown shows the other one (the newest branch under the same parent).
    const gone = await api("DELETE", `/api/sessions/${sessionId}/messages/${edited.id}`, alice);
    expect(gone.statusCode).toBe(200);
    expect((gone.json() as ChatMessage[]).map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Answer two",
    ]);
    expect((gone.json() as ChatMessage[])[2]?.versions).toBeUndefined();
    // Deleting a message in the middle takes what follows; the head is its parent.
    const a1 = messages[1] as ChatMessage;
    const cut = await api("DELETE", `/api/sessions/${sessionId}/messages/${q2.id}`, alice);
    expect((cut.json() as ChatMessage[]).map((m) => m.id)).toEqual([messages[0]?.id, a1.id]);
    await send(sessionId, "After the cut", "Continued");
    expect(sentLast()).toEqual(["Question one", "Answer one", "After the cut"]);
    // The first message: nothing is left.
    const all = await api("DELETE", `/api/sessions/${sessionId}/messages/${messages[0]?.id}`, alice);
    expect(all.json()).toEqual([]);
    await send(sessionId, "A new start", "Fresh");
    expect(sentLast()).toEqual(["A new start"]);
  });

  it("another person's session or message is 404; a message of another session too", async () => {
    const { sessionId, messages } = await twoExchanges();
    const q1 = messages[0] as ChatMessage;
    const a1 = messages[1] as ChatMessage;
    expect((await api("POST", `/api/sessions/${sessionId}/messages/${q1.id}/show`, bob)).statusCode).toBe(
      404,
    );
    expect((await api("DELETE", `/api/sessions/${sessionId}/messages/${q1.id}`, bob)).statusCode).toBe(404);
    const bobs = await newSession(bob);
    expect((await api("POST", `/api/sessions/${bobs}/messages/${q1.id}/show`, bob)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/sessions/${bobs}/messages/${q1.id}`, bob)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/sessions/${sessionId}/messages/not-an-id`, alice)).statusCode).toBe(
      404,
    );

    bobLive.send({ type: "chat_regenerate", sessionId, messageId: a1.id, requestId: "r1" });
    expect(await bobLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      requestId: "r1",
    });
    bobLive.frames.length = 0;
    bobLive.send({ type: "chat_regenerate", sessionId: bobs, messageId: a1.id, requestId: "r2" });
    expect(await bobLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      requestId: "r2",
    });
    bobLive.frames.length = 0;
    bobLive.send({ type: "chat_message", sessionId: bobs, content: "Mine", editOf: q1.id, requestId: "r3" });
    expect(await bobLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      requestId: "r3",
    });
    // Regenerating a user message, or editing a reply, is not a thing.
    aliceLive.send({ type: "chat_regenerate", sessionId, messageId: q1.id, requestId: "r4" });
    expect(await aliceLive.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
    aliceLive.frames.length = 0;
    aliceLive.send({ type: "chat_message", sessionId, content: "x", editOf: a1.id, requestId: "r5" });
    expect(await aliceLive.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
    // Nothing changed, and bob's session took no message.
    expect((await branch(sessionId)).map((m) => m.id)).toEqual(messages.map((m) => m.id));
    expect(await branch(bobs, bob)).toEqual([]);
    expect(provider.calls).toHaveLength(2);
  });

  it("while a reply runs, showing, deleting, regenerating and editing are refused (409)", async () => {
    const { sessionId, messages } = await twoExchanges();
    provider.script({ kind: "text", chunks: ["slow ", "reply ", "here"], delayMs: 700 });
    aliceLive.frames.length = 0;
    aliceLive.send({ type: "chat_message", sessionId, content: "Take your time" });
    await aliceLive.next((f) => f.type === "chat_token" && f.sessionId === sessionId, 10_000);
    const q1 = messages[0] as ChatMessage;
    const a2 = messages[3] as ChatMessage;
    expect((await api("POST", `/api/sessions/${sessionId}/messages/${q1.id}/show`, alice)).statusCode).toBe(
      409,
    );
    expect((await api("DELETE", `/api/sessions/${sessionId}/messages/${a2.id}`, alice)).statusCode).toBe(409);
    aliceLive.send({ type: "chat_regenerate", sessionId, messageId: a2.id, requestId: "busy" });
    expect(await aliceLive.next((f) => f.type === "error" && f.requestId === "busy")).toMatchObject({
      code: "conflict",
    });
    aliceLive.send({
      type: "chat_message",
      sessionId,
      content: "Edited",
      editOf: q1.id,
      requestId: "busy-edit",
    });
    expect(await aliceLive.next((f) => f.type === "error" && f.requestId === "busy-edit")).toMatchObject({
      code: "conflict",
    });
    await aliceLive.next(
      (f) => f.type === "chat_message" && (f.message as ChatMessage).content === "slow reply here",
      20_000,
    );
    await settle(sessionId);
    expect((await branch(sessionId)).map((m) => m.content)).toEqual([
      "Question one",
      "Answer one",
      "Question two",
      "Answer two",
      "Take your time",
      "slow reply here",
    ]);
  });
});
