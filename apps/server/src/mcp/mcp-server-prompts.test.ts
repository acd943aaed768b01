import { PromptListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { signedInUser } from "../test/test-app";
import { liveMcpApp, rpcErrorOf, type Who } from "./testing/mcp-app";

const saved = (id: string, title: string, content: string, isFavorite = false) => ({
  id,
  title,
  content,
  timestamp: Date.now(),
  isFavorite,
  lastResult: null,
});

describeEachDatabase("/mcp offers the Prompt Canvas library as prompts", (db) => {
  const live = liveMcpApp(db);
  let alice: Who;
  beforeAll(async () => {
    alice = await signedInUser(live.app);
  });
  const connect = (who: Who) => live.connect(who, "read");

  it("lists the saved prompts with their variables, fills them, completes path-like ones", async () => {
    const library = await live.app.inject({
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
    await live.app.inject({
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
    expect(await rpcErrorOf(client.getPrompt({ name: "p-review", arguments: { file: "x" } }))).toEqual({
      code: -32602,
      message: "MCP error -32602: Missing arguments: focus",
    });
    expect(await rpcErrorOf(client.getPrompt({ name: "nope" }))).toMatchObject({ code: -32602 });

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
      await rpcErrorOf(
        client.complete({
          ref: { type: "ref/prompt", name: "p-review" },
          argument: { name: "x", value: "" },
        }),
      ),
    ).toMatchObject({ code: -32602 });
  });

  it("a library stored from any tab is prompts/list_changed on the session's stream; other documents are not", async () => {
    const who = await signedInUser(live.app);
    const client = await connect(who);
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: true });
    let changed = 0;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      changed += 1;
    });
    // The stream opens after initialize; give it a moment before the first change.
    await new Promise((r) => setTimeout(r, 300));
    const store = (kind: string, content: unknown) =>
      live.app.inject({
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
    const updated = await live.app.inject({
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
    const client = await connect(await signedInUser(live.app));
    expect((await client.listPrompts()).prompts).toEqual([]);
  });
});
