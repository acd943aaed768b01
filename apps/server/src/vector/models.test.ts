import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addMessage, createSession } from "../chat/service";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { writeTinyModel } from "./testing/tiny-model";

type Who = { cookie: string; user: { id: string } };

describeEachDatabase("semantic search: embedding models and an index kept current", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-models-"));
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server, { DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
  });
  const api = (who: Who, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const search = async (who: Who, query: string, objectType?: string) =>
    (await api(who, "POST", "/api/vector/search", { query, options: { threshold: 0.1, objectType } })).json()
      .results as { objectId: string; objectType: string; content: string }[];
  const settled = async (who: Who) => {
    let status = (await api(who, "GET", "/api/vector/status")).json();
    for (
      let i = 0;
      i < 200 && (status.progress.state === "indexing" || status.switching?.state === "embedding");
      i++
    ) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await api(who, "GET", "/api/vector/status")).json();
    }
    return status;
  };

  it("switching to OpenAI's model re-embeds the index in the background; searches use the old one until it is complete", async () => {
    const who = await signedInUser(t.app);
    for (let i = 0; i < 20; i++)
      await api(who, "POST", "/api/vector/embed", {
        content: `Note ${i} about sailing boats and harbour ${i}`,
      });
    await api(who, "POST", "/api/vector/embed", { content: "The quarterly budget spreadsheet is overdue." });
    const models = (await api(who, "GET", "/api/vector/models")).json().models;
    expect(models.map((m: { id: string }) => m.id)).toEqual([
      "glove-100d",
      "openai:text-embedding-3-small",
      "ollama:nomic-embed-text",
      "transformers:all-MiniLM-L6-v2",
    ]);
    expect(models[1]).toMatchObject({
      provider: "openai",
      modelId: "text-embedding-3-small",
      dimensions: 1536,
      isActive: false,
    });

    server.requests.length = 0;
    const started = await api(who, "POST", "/api/vector/models/active", {
      modelId: "openai:text-embedding-3-small",
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().switching).toMatchObject({ target: "openai:text-embedding-3-small", total: 21 });
    // Meanwhile the old index answers, with the local model.
    expect((await search(who, "budget spreadsheet"))[0]?.content).toMatch(/quarterly budget/);
    const status = await settled(who);
    expect(status.switching).toMatchObject({ state: "done", done: 21, total: 21 });
    const after = (await api(who, "GET", "/api/vector/models")).json().models;
    expect(after.find((m: { isActive: boolean }) => m.isActive).id).toBe("openai:text-embedding-3-small");
    const calls = server.requests.filter((r) => r.path === "/openai/v1/embeddings");
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[0]?.headers.authorization).toMatch(/^Bearer sk-/);
    expect(calls.some((c) => Array.isArray(c.body?.input) && (c.body.input as string[]).length > 1)).toBe(
      true,
    );
    // Searches now embed the query with OpenAI, and every chunk was re-embedded (none lost).
    server.requests.length = 0;
    expect((await search(who, "quarterly budget"))[0]?.content).toMatch(/quarterly budget/);
    expect(server.requests.some((r) => r.path === "/openai/v1/embeddings")).toBe(true);
    expect((await api(who, "GET", "/api/vector/status")).json().chunks).toBe(21);
    // An object embedded now has 1536 dimensions.
    expect((await api(who, "POST", "/api/vector/embed", { content: "hello" })).json().embedding).toHaveLength(
      1536,
    );
  });

  it("a provider that cannot embed is refused at once, and a failure halfway keeps the old index", async () => {
    const who = await signedInUser(t.app);
    await api(who, "POST", "/api/vector/embed", { content: "Tulips bloom in the spring garden." });
    server.embeddingsFailure = 401;
    const refused = await api(who, "POST", "/api/vector/models/active", {
      modelId: "ollama:nomic-embed-text",
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toMatch(/Ollama did not embed \(HTTP 401\)/);
    server.embeddingsFailure = null;
    expect((await api(who, "POST", "/api/vector/models/active", { modelId: "nope" })).statusCode).toBe(404);
    expect((await api(who, "POST", "/api/vector/models/active", { modelId: "" })).statusCode).toBe(400);
    const models = (await api(who, "GET", "/api/vector/models")).json().models;
    expect(models.find((m: { isActive: boolean }) => m.isActive).id).toBe("glove-100d");
    expect((await search(who, "tulips garden"))[0]?.content).toMatch(/Tulips/);

    // Switching to Ollama works; switching back to the local model too.
    expect(
      (await api(who, "POST", "/api/vector/models/active", { modelId: "ollama:nomic-embed-text" }))
        .statusCode,
    ).toBe(202);
    expect((await settled(who)).switching).toMatchObject({
      state: "done",
      target: "ollama:nomic-embed-text",
    });
    expect(server.requests.some((r) => r.path === "/ollama/api/embed")).toBe(true);
    expect((await search(who, "tulips garden"))[0]?.content).toMatch(/Tulips/);
    expect((await api(who, "POST", "/api/vector/models/active", { modelId: "glove-100d" })).statusCode).toBe(
      202,
    );
    expect((await settled(who)).switching).toMatchObject({ state: "done", target: "glove-100d" });
    expect((await search(who, "flowers blossom"))[0]?.content).toMatch(/Tulips/);
  });

  it("after Initialize, messages and documents are kept current: new and edited ones found, deleted ones gone", async () => {
    const who = await signedInUser(t.app);
    await api(who, "POST", "/api/vector/initialize");
    await settled(who);
    const session = await createSession(db().db, who.user.id, { title: "Chat", agentId: null });
    await addMessage(db().db, {
      sessionId: session.id,
      role: "user",
      content: "Remind me to renew the passport.",
      metadata: {},
    });
    const found = await search(who, "passport renewal", "message");
    expect(found[0]).toMatchObject({ objectType: "message", content: "Remind me to renew the passport." });

    const doc = (
      await api(who, "POST", "/api/documents", {
        kind: "notes",
        title: "Recipes",
        content: "Lentil soup with cumin.",
      })
    ).json();
    expect((await search(who, "lentil soup", "document"))[0]?.objectId).toBe(doc.id);
    await api(who, "PUT", `/api/documents/${doc.id}`, { version: doc.version, content: "Mushroom risotto." });
    expect((await search(who, "risotto mushroom", "document"))[0]?.objectId).toBe(doc.id);
    expect((await search(who, "lentil soup", "document")).some((r) => r.content.includes("Lentil"))).toBe(
      false,
    );
    await api(who, "DELETE", `/api/documents/${doc.id}`);
    expect((await search(who, "risotto mushroom", "document")).some((r) => r.objectId === doc.id)).toBe(
      false,
    );
    await api(who, "DELETE", `/api/sessions/${session.id}`);
    expect((await search(who, "passport renewal", "message")).length).toBe(0);

    // Another person's messages are never in this person's index.
    const other = await signedInUser(t.app);
    const theirs = await createSession(db().db, other.user.id, { title: "Theirs", agentId: null });
    await addMessage(db().db, {
      sessionId: theirs.id,
      role: "user",
      content: "Passport number is secret.",
      metadata: {},
    });
    expect((await search(who, "passport number secret", "message")).length).toBe(0);
  });

  it("a transformers.js model placed in the data directory is listed and used, offline", async () => {
    const who = await signedInUser(t.app);
    const before = (await api(who, "GET", "/api/vector/models")).json().models;
    expect(before.some((m: { id: string }) => m.id === "transformers:tiny-minilm")).toBe(false);
    writeTinyModel(path.join(dataDir, "embedding-models", "tiny-minilm"), [
      ["cat", "kitten", "purr", "whiskers"],
      ["boat", "sail", "harbour", "anchor"],
    ]);
    const models = (await api(who, "GET", "/api/vector/models")).json().models;
    expect(models.find((m: { id: string }) => m.id === "transformers:tiny-minilm")).toMatchObject({
      provider: "transformers",
      modelId: "tiny-minilm",
      dimensions: 8,
      isActive: false,
    });
    await api(who, "POST", "/api/vector/embed", { content: "The kitten has long whiskers." });
    await api(who, "POST", "/api/vector/embed", { content: "Drop the anchor in the harbour." });
    const switched = await api(who, "POST", "/api/vector/models/active", {
      modelId: "transformers:tiny-minilm",
    });
    expect(switched.statusCode).toBe(202);
    expect((await settled(who)).switching).toMatchObject({
      state: "done",
      target: "transformers:tiny-minilm",
    });
    // 'purr' and 'cat' share no word with the kitten text: only the model's vectors relate them.
    const results = (
      await api(who, "POST", "/api/vector/search", { query: "purr cat", options: { threshold: 0.9 } })
    ).json().results;
    expect(results.map((r: { content: string }) => r.content)).toEqual(["The kitten has long whiskers."]);
    expect((await api(who, "POST", "/api/vector/embed", { content: "sail" })).json().embedding).toHaveLength(
      8,
    );
  });
});
