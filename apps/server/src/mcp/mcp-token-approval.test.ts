import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { accessTokens } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { connectWithToken } from "./testing/token-client";
import { AccessTokens } from "./tokens";

type Who = { cookie: string; user: { id: string } };
type Frame = Record<string, unknown>;
const TIMEOUT_MS = 3000;

describeEachDatabase("/mcp with a token that asks before writes and runs", (db) => {
  let t: TestApp;
  let origin: string;
  let wsUrl: string;
  let alice: Who;
  let bob: Who;
  let aliceLive: LiveClient;
  let bobLive: LiveClient;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await buildTestApp(db(), { MCP_APPROVAL_TIMEOUT_MS: String(TIMEOUT_MS) });
    ({ origin, wsUrl } = await listen(t.app));
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
    aliceLive = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
    bobLive = await LiveClient.connect(wsUrl, { cookie: bob.cookie, origin });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    aliceLive.socket.close();
    bobLive.socket.close();
    await t.app.close();
  });
  beforeEach(() => {
    aliceLive.frames.length = 0;
    bobLive.frames.length = 0;
  });

  const api = (method: string, url: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const connect = async (token: string) => {
    const client = await connectWithToken(origin, token);
    clients.push(client);
    return client;
  };
  const askingToken = async () => {
    const made = await api("POST", "/api/access-tokens", alice, {
      name: "Careful IDE",
      scope: "full",
      requireApproval: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; token: string; requireApproval: boolean };
  };
  const fileOf = async (path: string) => {
    const res = await api("GET", `/api/files/content?path=${encodeURIComponent(path)}`, alice);
    return res.statusCode === 200 ? (res.json() as { content: string }).content : null;
  };
  const question = () => aliceLive.next((f) => f.type === "approval_request", 10_000);
  const answer = (frame: Frame, approved: boolean, input?: Record<string, unknown>) =>
    aliceLive.send({
      type: "approval_response",
      approvalId: frame.approvalId,
      approved,
      ...(input ? { input } : {}),
    });
  const write = (client: Client, path: string, content: string) =>
    client.callTool({ name: "write_file", arguments: { path, content } });

  it("made in Settings for full access only; listed with the option", async () => {
    const made = await askingToken();
    expect(made.requireApproval).toBe(true);
    const listed = (await api("GET", "/api/access-tokens", alice)).json() as {
      id: string;
      requireApproval: boolean;
    }[];
    expect(listed.find((x) => x.id === made.id)?.requireApproval).toBe(true);
    const plain = await api("POST", "/api/access-tokens", alice, { name: "Plain", scope: "full" });
    expect(plain.json().requireApproval).toBe(false);
    const readOnly = await api("POST", "/api/access-tokens", alice, {
      name: "R",
      scope: "read",
      requireApproval: true,
    });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().error.fields).toHaveProperty("requireApproval");
    expect(
      (await api("POST", "/api/access-tokens", alice, { name: "X", scope: "full", requireApproval: "yes" }))
        .statusCode,
    ).toBe(400);
  });

  it("a write waits for the console: approved it runs (with the person's edits), denied or unanswered it is refused and nothing is written", async () => {
    const { token } = await askingToken();
    const client = await connect(token);
    const { tools } = await client.listTools();
    expect(tools.find((x) => x.name === "write_file")?.description).toContain(
      "Waits for the person's approval",
    );
    expect(tools.find((x) => x.name === "read_file")?.description).not.toContain("approval");

    // Approved: the question names the token, not a session; the file appears only after the answer.
    const approvedCall = write(client, "/home/user/approved.txt", "from the client");
    const asked = await question();
    expect(asked).toMatchObject({ tool: "write_file", accessToken: { name: "Careful IDE" } });
    expect(asked).not.toHaveProperty("sessionId");
    expect(asked.input).toMatchObject({ path: "/home/user/approved.txt", content: "from the client" });
    expect(await fileOf("/home/user/approved.txt")).toBeNull();
    // Another person cannot answer it.
    bobLive.send({ type: "approval_response", approvalId: asked.approvalId, approved: true });
    expect(await bobLive.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
    answer(asked, true, { content: "edited in the console" });
    const approved = await approvedCall;
    expect(approved.isError).toBe(false);
    expect(await fileOf("/home/user/approved.txt")).toBe("edited in the console");
    expect(await aliceLive.next((f) => f.type === "approval_settled")).toMatchObject({
      approved: true,
      reason: "approved",
    });

    // Denied: a result with isError saying so once (the model can act on it); nothing written.
    aliceLive.frames.length = 0;
    const deniedCall = write(client, "/home/user/denied.txt", "no");
    answer(await question(), false);
    const denied = await deniedCall;
    expect(denied.isError).toBe(true);
    const deniedText = (denied.content as { text: string }[])[0]?.text ?? "";
    expect(deniedText).toBe(
      'Not approved: the person denied it. The token "Careful IDE" asks in the NeuroOS console before write_file runs; nothing was done.',
    );
    expect(await fileOf("/home/user/denied.txt")).toBeNull();

    // Unanswered: refused when the time is up; nothing written.
    aliceLive.frames.length = 0;
    const started = Date.now();
    const unanswered = write(client, "/home/user/late.txt", "late");
    await question();
    const late = await unanswered;
    expect(late.isError).toBe(true);
    expect((late.content as { text: string }[])[0]?.text).toMatch(/^Not approved: no answer within 3 s/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(await aliceLive.next((f) => f.type === "approval_settled")).toMatchObject({ reason: "timeout" });
    expect(await fileOf("/home/user/late.txt")).toBeNull();

    // Reads never ask.
    aliceLive.frames.length = 0;
    expect(
      (await client.callTool({ name: "read_file", arguments: { path: "/home/user/approved.txt" } })).isError,
    ).toBe(false);
    expect(aliceLive.frames.some((f) => f.type === "approval_request")).toBe(false);
  });

  it("a client that goes away while it waits withdraws the question; a browser that connects meanwhile is asked too", async () => {
    const { token } = await askingToken();
    const client = await connect(token);
    const pending = write(client, "/home/user/gone.txt", "x").catch((err: Error) => err);
    const asked = await question();
    const late = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
    expect(await late.next((f) => f.type === "approval_request")).toMatchObject({
      approvalId: asked.approvalId,
    });
    late.socket.close();
    await client.close();
    expect(await aliceLive.next((f) => f.type === "approval_settled")).toMatchObject({
      approvalId: asked.approvalId,
      approved: false,
      reason: "stopped",
    });
    await pending;
    expect(await fileOf("/home/user/gone.txt")).toBeNull();
  });

  it("a token without the option writes at once; the last use is written at most once a minute", async () => {
    const made = (await api("POST", "/api/access-tokens", alice, { name: "Quick", scope: "full" })).json();
    const client = await connect(made.token);
    expect((await write(client, "/home/user/quick.txt", "now")).isError).toBe(false);
    expect(aliceLive.frames.some((f) => f.type === "approval_request")).toBe(false);

    const lastUsed = async () =>
      (
        await db().db.select().from(accessTokens).where(eq(accessTokens.id, made.id))
      )[0]?.lastUsedAt?.getTime();
    const first = await lastUsed();
    expect(first).toBeTypeOf("number");
    const tokens = new AccessTokens(db().db);
    await Promise.all(Array.from({ length: 5 }, () => tokens.verify(made.token)));
    expect(await lastUsed()).toBe(first);
    // Older than a minute: the next call writes it again, once.
    const old = new Date(Date.now() - 5 * 60_000);
    await db().db.update(accessTokens).set({ lastUsedAt: old }).where(eq(accessTokens.id, made.id));
    const holders = await Promise.all(Array.from({ length: 5 }, () => tokens.verify(made.token)));
    expect(holders.every((h) => h?.tokenId === made.id)).toBe(true);
    const now = (await lastUsed()) ?? 0;
    expect(now).toBeGreaterThan(Date.now() - 10_000);
    // Revoked: refused at once, whatever the last use.
    expect((await api("DELETE", `/api/access-tokens/${made.id}`, alice)).statusCode).toBe(204);
    expect(await tokens.verify(made.token)).toBeNull();
  });
});
