import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { PromptListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { connectWithToken } from "./testing/token-client";

type Who = { cookie: string };
const saved = (id: string, title: string, content: string, isFavorite = false) => ({
  id,
  title,
  content,
  timestamp: Date.now(),
  isFavorite,
  lastResult: null,
});

describeEachDatabase("/mcp offers the Prompt Canvas library as prompts", (db) => {
  let t: TestApp;
  let origin: string;
  let alice: Who;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp(db());
    origin = (await listen(t.app)).origin;
    alice = await signedInUser(t.app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.app.close();
  });
  const connect = async (who: Who) => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      payload: { name: "prompts", scope: "read" },
      headers: { cookie: who.cookie },
    });
    const client = await connectWithToken(origin, made.json().token);
    clients.push(client);
    return client;
  };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code?: number; message: string }) => ({ code: error.code, message: error.message }),
    );

  it("lists the saved prompts with their variables, fills them, completes path-like ones", async () => {
    const library = await t.app.inject({
      method: "POST",
      url: "/api/documents",
      payload: {
        kind: "prompt-canvas",
        title: "Prompts",
        content: [
          saved("p-review", "Review a file", "Review {{file}} for {{ focus }} and be kind."),
          saved("p-haiku", "Haiku", "Write a haiku about quokkas.", true),
        ],
      },
      headers: { cookie: alice.cookie },
    });
    expect(library.statusCode, library.body).toBe(201);
    await t.app.inject({
      method: "PUT",
      url: "/api/files/content",
      payload: { path: "/home/user/src/app.py", content: "print(1)" },
      headers: { cookie: alice.cookie },
    });
    const client = await connect(alice);
    expect(client.getServerCapabilities()).toHaveProperty("prompts");
    const { prompts } = await client.listPrompts();
    // Favourites first, as Prompt Canvas shows them.
    expect(prompts.map((p) => p.name)).toEqual(["p-haiku", "p-review"]);
    expect(prompts[1]).toMatchObject({
      title: "Review a file",
      arguments: [
        { name: "file", required: true },
        { name: "focus", required: true },
      ],
    });
    const got = await client.getPrompt({
      name: "p-review",
      arguments: { file: "src/app.py", focus: "names" },
    });
    expect(got.messages).toEqual([
      { role: "user", content: { type: "text", text: "Review src/app.py for names and be kind." } },
    ]);
    expect(await codeOf(client.getPrompt({ name: "p-review", arguments: { file: "x" } }))).toEqual({
      code: -32602,
      message: "MCP error -32602: Missing arguments: focus",
    });
    expect(await codeOf(client.getPrompt({ name: "nope" }))).toMatchObject({ code: -32602 });

    const files = await client.complete({
      ref: { type: "ref/prompt", name: "p-review" },
      argument: { name: "file", value: "src/app.p" },
    });
    expect(files.completion.values).toEqual(["src/app.py"]);
    const focus = await client.complete({
      ref: { type: "ref/prompt", name: "p-review" },
      argument: { name: "focus", value: "n" },
    });
    expect(focus.completion.values).toEqual([]);
    expect(
      await codeOf(
        client.complete({
          ref: { type: "ref/prompt", name: "p-review" },
          argument: { name: "x", value: "" },
        }),
      ),
    ).toMatchObject({ code: -32602 });
  });

  it("a library stored from any tab is prompts/list_changed on the session's stream; other documents are not", async () => {
    const who = await signedInUser(t.app);
    const client = await connect(who);
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: true });
    let changed = 0;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      changed += 1;
    });
    // The stream opens after initialize; give it a moment before the first change.
    await new Promise((r) => setTimeout(r, 300));
    const store = (kind: string, content: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/documents",
        payload: { kind, title: "Mine", content },
        headers: { cookie: who.cookie },
      });
    expect((await store("notes", "# not prompts")).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(changed).toBe(0);
    const library = await store("prompt-canvas", [saved("p-new", "New one", "Hello")]);
    expect(library.statusCode).toBe(201);
    await expect.poll(() => changed, { timeout: 5000 }).toBe(1);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["p-new"]);
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/documents/${library.json().id}`,
      payload: { version: 1, content: [saved("p-new", "New one", "Hello"), saved("p-two", "Two", "Hi")] },
      headers: { cookie: who.cookie },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await expect.poll(() => changed, { timeout: 5000 }).toBe(2);
    expect((await client.listPrompts()).prompts).toHaveLength(2);
  });

  it("a person without a library has no prompts", async () => {
    const client = await connect(await signedInUser(t.app));
    expect((await client.listPrompts()).prompts).toEqual([]);
  });
});
