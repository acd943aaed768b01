import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Frame = Record<string, unknown>;
type Who = { cookie: string; user: { id: string } };

/** A 1×1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describeEachDatabase("a message's attachments: workspace files sent with it", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let live: LiveClient;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    const { wsUrl, origin } = await listen(t.app);
    [alice, bob] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    live = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
    const write = (who: Who, path: string, content: string, encoding = "utf8") =>
      api("PUT", "/api/files/content", who, { path, content, encoding });
    expect((await write(alice, "/home/user/notes.txt", "The boiler code is 4471.")).statusCode).toBe(200);
    expect((await write(alice, "/home/user/dot.png", PNG, "base64")).statusCode).toBe(200);
    expect((await write(alice, "/home/user/blob.bin", "//79/A==", "base64")).statusCode).toBe(200);
    expect((await write(bob, "/home/user/bob.txt", "Bob's secret")).statusCode).toBe(200);
  });
  afterAll(async () => {
    live?.socket.close();
    await t?.app.close();
    await provider?.close();
  });
  beforeEach(() => {
    provider.reset();
    live.frames.length = 0;
  });

  const api = (method: "GET" | "POST" | "PUT", url: string, who: Who, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const model = (name: string) =>
    api("PUT", "/api/settings", alice, { defaultProvider: "openai", providers: { openai: { model: name } } });
  const session = async () =>
    (await api("POST", "/api/sessions", alice, { agentId: null })).json().id as string;
  const messages = async (id: string) =>
    (await api("GET", `/api/sessions/${id}/messages`, alice)).json() as {
      id: string;
      role: string;
      metadata: Frame;
    }[];
  /** Sends; answers the refusal's error frame, or null once the reply is stored. */
  const send = async (sessionId: string, attachments: string[]) => {
    live.frames.length = 0;
    live.send({ type: "chat_message", sessionId, content: "Look at this", attachments, requestId: "r1" });
    const first = await live.next(
      (f) => f.type === "error" || (f.type === "chat_message" && (f.message as Frame).role === "assistant"),
      10_000,
    );
    return first.type === "error" ? first : null;
  };
  const sentUser = () =>
    ((provider.calls.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[]).findLast(
      (m) => m.role === "user",
    );

  it("a text file: its text goes to the model after the message, and the message keeps it", async () => {
    await model("gpt-4");
    provider.script({ kind: "text", chunks: ["The code is 4471."] });
    const id = await session();
    expect(await send(id, ["/home/user/notes.txt"])).toBeNull();
    expect(JSON.stringify(sentUser()?.content)).toContain("The boiler code is 4471.");
    const [user] = await messages(id);
    expect(user?.metadata.attachments).toMatchObject([
      { path: "/home/user/notes.txt", name: "notes.txt", text: "The boiler code is 4471." },
    ]);
  });

  it("an edit sent again keeps the message's files (unless others are sent)", async () => {
    await model("gpt-4");
    provider.script({ kind: "text", chunks: ["4471."] }, { kind: "text", chunks: ["Still 4471."] });
    const id = await session();
    expect(await send(id, ["/home/user/notes.txt"])).toBeNull();
    const [first] = await messages(id);
    live.frames.length = 0;
    live.send({ type: "chat_message", sessionId: id, content: "Read it again", editOf: first?.id });
    await live.next(
      (f) => f.type === "chat_message" && (f.message as Frame).content === "Still 4471.",
      10_000,
    );
    expect(JSON.stringify(sentUser()?.content)).toContain("The boiler code is 4471.");
    const [edited] = await messages(id);
    expect(edited?.metadata.attachments).toMatchObject([{ name: "notes.txt" }]);
  });

  it("an image goes to a model that reads images as an image part", async () => {
    await model("gpt-4o");
    provider.script({ kind: "text", chunks: ["A dot."] });
    const id = await session();
    expect(await send(id, ["/home/user/dot.png"])).toBeNull();
    const parts = sentUser()?.content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === "image_url")?.image_url?.url).toBe(`data:image/png;base64,${PNG}`);
  });

  it("refuses in words, storing nothing: an image for a model without vision, a binary file, another person's or a missing file", async () => {
    await model("gpt-4");
    const id = await session();
    const image = await send(id, ["/home/user/dot.png"]);
    expect(image).toMatchObject({ code: "bad_request", requestId: "r1" });
    expect(image?.message).toContain("gpt-4 does not read images, so dot.png cannot be sent to it");
    expect((await send(id, ["/home/user/blob.bin"]))?.message).toContain("neither text nor an image");
    // Bob's path is Alice's own (missing) file: every workspace is its own root.
    expect(await send(id, ["/home/user/bob.txt"])).toMatchObject({ code: "not_found" });
    expect(await send(id, ["/home/user/../../etc/passwd"])).not.toBeNull();
    expect(await messages(id)).toEqual([]);
    expect(provider.calls).toHaveLength(0);
  });
});
