import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { McpPromptResult, McpResourceContent, McpServerDetail } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { type EverythingServer, startEverything } from "./testing/everything";

type Who = { cookie: string; user: { id: string } };
type Frame = Record<string, unknown>;
const MAX_BYTES = 10_000;
const docs = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js"),
  ),
  "docs",
);
const doc = (name: string) => fs.readFileSync(path.join(docs, name), "utf8");
const docUri = (name: string) => `demo://resource/static/document/${name}`;

describeEachDatabase("MCP resources and prompts (read, fill in, attach to a chat message)", (db) => {
  let everything: EverythingServer;
  let provider: ProviderTestServer;
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let live: LiveClient;
  let serverId: string;

  beforeAll(async () => {
    [everything, provider] = await Promise.all([
      startEverything("streamableHttp"),
      ProviderTestServer.start(),
    ]);
    t = await buildTestApp(
      db(),
      providerEnv(provider, {
        LLM_ENDPOINT_ALLOWLIST: `${provider.hostPort},127.0.0.1:${everything.port}`,
        LLM_TIMEOUT_MS: "5000",
        MCP_RESOURCE_MAX_BYTES: String(MAX_BYTES),
      }),
    );
    const { wsUrl, origin } = await listen(t.app);
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
    live = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
    const made = await api("POST", "/api/mcp/servers", alice, {
      transport: "http",
      name: "everything",
      url: `${everything.origin}/mcp`,
    });
    expect(made.statusCode, made.body).toBe(201);
    serverId = made.json().id;
    for (let i = 0; i < 20; i += 1) {
      const detail = (await api("GET", `/api/mcp/servers/${serverId}`, alice)).json() as McpServerDetail;
      if (detail.status.state === "ready") return;
    }
    throw new Error("the server did not get ready");
  }, 60_000);
  afterAll(async () => {
    live?.socket.close();
    await t?.app.close();
    await Promise.all([everything?.kill(), provider?.close()]);
  });
  beforeEach(() => {
    provider.reset();
    live.frames.length = 0;
  });

  const api = (method: string, url: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const read = (uri: string, who: Who = alice, id = serverId) =>
    api("GET", `/api/mcp/servers/${id}/resource?uri=${encodeURIComponent(uri)}`, who);
  const prompt = (body: unknown, who: Who = alice) =>
    api("POST", `/api/mcp/servers/${serverId}/prompt`, who, body);
  const errorOf = (res: { json(): unknown }) =>
    (res.json() as { error: { code: string; message: string } }).error;

  it("reads a resource as text (a text blob decoded); refuses unknown ones, another person's server, oversize and bad queries", async () => {
    const text = await read(docUri("architecture.md"));
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toEqual({
      serverId,
      server: "everything",
      uri: docUri("architecture.md"),
      name: "architecture.md",
      mimeType: "text/markdown",
      bytes: Buffer.byteLength(doc("architecture.md")),
      text: doc("architecture.md"),
      binaryParts: 0,
    } satisfies McpResourceContent);

    const blob = (await read("demo://resource/dynamic/blob/7")).json() as McpResourceContent;
    expect(blob).toMatchObject({ name: "7", mimeType: "text/plain", binaryParts: 0 });
    expect(blob.text).toMatch(/^Resource 7: This is a base64 blob created at /);

    const unknown = await read("demo://resource/static/document/no-such-file.md");
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toContain("has no resource");

    const big = await read(docUri("structure.md"));
    expect(big.statusCode).toBe(413);
    expect(errorOf(big)).toEqual({
      code: "payload_too_large",
      message: `The resource is ${Buffer.byteLength(doc("structure.md")).toLocaleString("en-US")} bytes; at most 10,000 bytes can be attached`,
    });

    expect((await read(docUri("architecture.md"), bob)).statusCode).toBe(404);
    expect(
      (await read(docUri("architecture.md"), alice, "00000000-0000-4000-8000-000000000000")).statusCode,
    ).toBe(404);
    expect((await read(docUri("architecture.md"), alice, "not-an-id")).statusCode).toBe(404);
    expect((await api("GET", `/api/mcp/servers/${serverId}/resource`, alice)).statusCode).toBe(400);
    expect((await read("x".repeat(2001))).statusCode).toBe(400);

    // Turned off: refused as unavailable, then back.
    expect((await api("PATCH", `/api/mcp/servers/${serverId}`, alice, { enabled: false })).statusCode).toBe(
      200,
    );
    const off = await read(docUri("architecture.md"));
    expect(off.statusCode).toBe(409);
    expect(errorOf(off)).toEqual({
      code: "mcp_unavailable",
      message: 'The MCP server "everything" is turned off',
    });
    expect((await api("PATCH", `/api/mcp/servers/${serverId}`, alice, { enabled: true })).statusCode).toBe(
      200,
    );
    expect((await read(docUri("architecture.md"))).statusCode).toBe(200);
  });

  it("fills in a prompt: required arguments enforced, unknown prompts and arguments refused, embedded resources as text", async () => {
    const filled = await prompt({
      name: "args-prompt",
      arguments: { city: "Paris", state: "Île-de-France" },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toEqual({
      name: "args-prompt",
      description: "A prompt with two arguments, one required and one optional",
      messages: [{ role: "user", text: "What's weather in Paris, Île-de-France?" }],
    } satisfies McpPromptResult);

    const missing = await prompt({ name: "args-prompt", arguments: { state: "Texas" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ "arguments.city": "Required" });
    const blank = await prompt({ name: "args-prompt", arguments: { city: "   " } });
    expect(blank.statusCode).toBe(400);
    const extra = await prompt({ name: "simple-prompt", arguments: { tone: "dry" } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toEqual({
      "arguments.tone": 'The prompt "simple-prompt" takes no such argument',
    });
    const unknown = await prompt({ name: "no-such-prompt" });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('The server "everything" has no prompt "no-such-prompt"');
    for (const bad of [{}, { name: "args-prompt", arguments: { city: 5 } }, { name: "x", extra: true }])
      expect((await prompt(bad)).statusCode).toBe(400);
    expect((await prompt({ name: "simple-prompt" }, bob)).statusCode).toBe(404);

    const embedded = (
      await prompt({ name: "resource-prompt", arguments: { resourceType: "Text", resourceId: "3" } })
    ).json() as McpPromptResult;
    expect(embedded.messages).toHaveLength(2);
    expect(embedded.messages[0]?.text).toContain("resource with id: 3");
    expect(embedded.messages[1]?.text).toMatch(/^Resource 3: This is a plaintext resource created at /);
  });

  it("chat: attached resources are read, stored with the message and given to the model; a bad one refuses the message", async () => {
    expect((await api("PUT", "/api/settings", alice, { defaultProvider: "openai" })).statusCode).toBe(200);
    const sessionId = (await api("POST", "/api/sessions", alice, { agentId: null })).json().id as string;
    provider.script({ kind: "text", chunks: ["It describes the architecture."] });
    live.send({
      type: "chat_message",
      sessionId,
      content: "What does this say?",
      resources: [
        { serverId, uri: docUri("architecture.md") },
        { serverId, uri: docUri("architecture.md") },
      ],
    });
    await live.next((f) => f.type === "chat_message" && (f.message as Frame).role === "assistant", 15_000);
    const stored = (await api("GET", `/api/sessions/${sessionId}/messages`, alice)).json() as {
      role: string;
      content: string;
      metadata: { resources?: McpResourceContent[] };
    }[];
    expect(stored[0]?.content).toBe("What does this say?");
    expect(stored[0]?.metadata.resources).toHaveLength(1);
    expect(stored[0]?.metadata.resources?.[0]).toMatchObject({
      name: "architecture.md",
      text: doc("architecture.md"),
    });
    const sent = JSON.stringify(provider.calls[0]?.body);
    expect(sent).toContain("What does this say?");
    expect(sent).toContain(
      JSON.stringify(`<resource server="everything" uri="${docUri("architecture.md")}"`).slice(1, -1),
    );
    expect(sent).toContain(JSON.stringify(doc("architecture.md").slice(0, 200)).slice(1, -1));

    // Refused: an unknown resource, another person's server, too big. Nothing is stored.
    const refusals: [unknown[], string][] = [
      [[{ serverId, uri: "demo://resource/static/document/gone.md" }], "not_found"],
      [[{ serverId: "00000000-0000-4000-8000-000000000000", uri: docUri("architecture.md") }], "not_found"],
      [[{ serverId, uri: docUri("structure.md") }], "payload_too_large"],
    ];
    for (const [i, [resources, code]] of refusals.entries()) {
      live.send({ type: "chat_message", sessionId, content: "And this?", resources, requestId: `r${i}` });
      expect(await live.next((f) => f.type === "error" && f.requestId === `r${i}`, 15_000)).toMatchObject({
        code,
      });
    }
    const bobsId = (
      await api("POST", "/api/mcp/servers", bob, {
        transport: "http",
        name: "mine",
        url: `${everything.origin}/mcp`,
      })
    ).json().id as string;
    live.send({
      type: "chat_message",
      sessionId,
      content: "Bob's?",
      resources: [{ serverId: bobsId, uri: docUri("architecture.md") }],
      requestId: "bob",
    });
    expect(await live.next((f) => f.type === "error" && f.requestId === "bob", 15_000)).toMatchObject({
      code: "not_found",
    });
    const four = Array.from({ length: 4 }, (_, i) => ({
      serverId,
      uri: `demo://resource/dynamic/text/${i + 1}`,
    }));
    live.send({ type: "chat_message", sessionId, content: "Four", resources: four });
    expect(await live.next((f) => f.type === "error" && f.code === "invalid_frame")).toMatchObject({
      message: expect.stringContaining("At most 3 resources"),
    });
    expect((await api("GET", `/api/sessions/${sessionId}/messages`, alice)).json()).toHaveLength(2);
    expect(provider.calls).toHaveLength(1);
  });
});
