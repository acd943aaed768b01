import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashToken } from "../auth/tokens";
import { accessTokens, oauthClients, oauthCodes } from "../db/schema";
import { connectWithToken } from "../mcp/testing/token-client";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import {
  authorizeInBrowser,
  authorizeUrlAt,
  exchangeCode,
  mcpPingStatus,
  mcpPost,
  mcpSessionOf,
  pkce,
  postForm,
  register,
} from "./testing/oauth-flow";

type Who = { cookie: string; user: { id: string } };
const REDIRECT = "http://127.0.0.1:7777/callback";

describeEachDatabase("OAuth 2.1 for /mcp", (db) => {
  let t: TestApp;
  let origin: string;
  let alice: Who;
  let bob: Who;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp(db());
    origin = (await listen(t.app)).origin;
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.app.close();
  });

  const newClient = async (name = "Test Connector", redirectUris = [REDIRECT]) => {
    const made = await register(origin, { client_name: name, redirect_uris: redirectUris });
    expect(made.status).toBe(201);
    return made.body.client_id as string;
  };
  const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
    authorizeUrlAt(origin, REDIRECT)(clientId, challenge, extra);
  /** Allowed by `who`: the code and the PKCE verifier. */
  const codeFor = async (who: Who, clientId: string, scope: "read" | "full" = "full") => {
    const { verifier, challenge } = pkce();
    const { redirectTo } = await authorizeInBrowser(authorizeUrl(clientId, challenge), who.cookie, {
      allow: true,
      scope,
    });
    return { code: redirectTo.searchParams.get("code") ?? "", verifier, redirectTo };
  };
  const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
    exchangeCode(origin, { clientId, code, verifier, redirectUri: REDIRECT, extra });
  const tokensFor = async (who: Who, clientId: string, scope: "read" | "full" = "full") => {
    const { code, verifier } = await codeFor(who, clientId, scope);
    const answer = await exchange(clientId, code, verifier);
    expect(answer.status).toBe(200);
    return answer.body as { access_token: string; refresh_token: string; expires_in: number; scope: string };
  };
  const mcpStatus = (token: string) => mcpPingStatus(origin, token);

  it("discovery: protected-resource and authorization-server metadata; /mcp's 401 points at them", async () => {
    const unauthorized = await fetch(`${origin}/mcp`, { method: "POST", body: "{}" });
    expect(unauthorized.status).toBe(401);
    const challenge = unauthorized.headers.get("www-authenticate") ?? "";
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(challenge).toMatch(/scope="read full"$/); // no error="invalid_token" without a token
    const badToken = await mcpPost(origin, "nos_x", { body: {} });
    expect(badToken.headers.get("www-authenticate")).toContain('error="invalid_token"');
    for (const url of [metadataUrl ?? "", `${origin}/.well-known/oauth-protected-resource`]) {
      const resource = await (await fetch(url)).json();
      expect(resource).toMatchObject({
        resource: `${origin}/mcp`,
        authorization_servers: [origin],
        scopes_supported: ["read", "full"],
      });
    }
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) {
      const server = await (await fetch(`${origin}${path}`)).json();
      expect(server).toMatchObject({
        issuer: origin,
        authorization_endpoint: `${origin}/oauth/authorize`,
        token_endpoint: `${origin}/oauth/token`,
        registration_endpoint: `${origin}/oauth/register`,
        revocation_endpoint: `${origin}/oauth/revoke`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        client_id_metadata_document_supported: true,
      });
    }
    expect((await fetch(`${origin}/.well-known/nothing-here`)).status).toBe(404);
  });

  it("registration refuses redirect URIs that are not https or this machine's, and stores nothing", async () => {
    const before = (await db().db.select().from(oauthClients)).length;
    for (const uris of [
      ["http://example.com/cb"],
      ["javascript:alert(1)"],
      ["https://example.com/cb#frag"],
      ["ftp://example.com/cb"],
      ["not a url"],
      ["https://ok.example/cb", "http://192.168.1.2/cb"],
    ]) {
      const refused = await register(origin, { client_name: "Bad", redirect_uris: uris });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("invalid_redirect_uri");
    }
    for (const bad of [{}, { redirect_uris: [] }, { redirect_uris: [REDIRECT], grant_types: ["password"] }]) {
      const refused = await register(origin, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("invalid_client_metadata");
    }
    expect((await db().db.select().from(oauthClients)).length).toBe(before);
    const made = await register(origin, {
      client_name: "Desktop",
      redirect_uris: ["http://localhost:3333/cb", "https://app.example/cb"],
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ client_name: "Desktop", token_endpoint_auth_method: "none" });
  });

  it("the code flow with PKCE: consent names the client, the code works once, the token reaches /mcp", async () => {
    const clientId = await newClient("Claude Test");
    const { verifier, challenge } = pkce();
    const { consent, redirectTo } = await authorizeInBrowser(
      authorizeUrl(clientId, challenge),
      alice.cookie,
      {
        allow: true,
        scope: "full",
      },
    );
    expect(consent).toMatchObject({
      clientName: "Claude Test",
      verified: false,
      redirectHost: "127.0.0.1:7777",
      scopes: ["read", "full"],
    });
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(REDIRECT);
    expect(redirectTo.searchParams.get("state")).toBe("st-123");
    expect(redirectTo.searchParams.get("iss")).toBe(origin);
    const code = redirectTo.searchParams.get("code") ?? "";
    const stored = await db()
      .db.select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    expect(stored).toHaveLength(1);

    const answer = await exchange(clientId, code, verifier, { resource: `${origin}/mcp` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "full" });
    const token = answer.body.access_token as string;
    const client = await connectWithToken(origin, token);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain("write_file");
    const wrote = await client.callTool({
      name: "write_file",
      arguments: { path: "oauth.txt", content: "hi" },
    });
    expect(wrote.isError).toBeFalsy();
    // The code again: refused, and what it gave is taken back.
    const again = await exchange(clientId, code, verifier);
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await mcpStatus(token)).toBe(401);
    const refreshed = await postForm(origin, "/oauth/token", {
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: answer.body.refresh_token as string,
    });
    expect(refreshed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a wrong verifier, a foreign redirect URI, another client, an expired code; deny says access_denied", async () => {
    const clientId = await newClient();
    const other = await newClient("Other");
    const { code, verifier } = await codeFor(alice, clientId);
    for (const [extra, words] of [
      [{ code_verifier: pkce().verifier }, /code_verifier/],
      [{ redirect_uri: "http://127.0.0.1:7777/elsewhere" }, /redirect_uri/],
      [{ client_id: other }, /another client/],
      [{ code: "made-up" }, /unknown/],
    ] as const) {
      const refused = await exchange(clientId, code, verifier, extra);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: "invalid_grant" });
      expect(refused.body.error_description).toMatch(words);
    }
    // Those refusals did not use the code up.
    expect((await exchange(clientId, code, verifier)).status).toBe(200);

    const late = await codeFor(alice, clientId);
    await db()
      .db.update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashToken(late.code)));
    const expired = await exchange(clientId, late.code, late.verifier);
    expect(expired.body).toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/expired/),
    });

    // A redirect URI the client never registered is never sent to.
    const { challenge } = pkce();
    const foreign = await fetch(
      authorizeUrl(clientId, challenge, { redirect_uri: "https://evil.example/cb" }),
      {
        redirect: "manual",
      },
    );
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: "invalid_request" });
    expect((await fetch(authorizeUrl("nobody", challenge), { redirect: "manual" })).status).toBe(400);
    // A browser is shown why on NeuroOS's own page, by code only.
    const shown = await fetch(authorizeUrl("nobody", challenge), {
      redirect: "manual",
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(shown.status).toBe(302);
    expect(shown.headers.get("location")).toBe("/oauth/error?error=invalid_client");
    // Without PKCE, or with plain, or for another resource: the client hears why.
    for (const extra of [
      { code_challenge: "" },
      { code_challenge_method: "plain" },
      { resource: "https://x.example/mcp" },
    ] as Record<string, string>[]) {
      const sent = await fetch(authorizeUrl(clientId, challenge, extra), { redirect: "manual" });
      expect(sent.status).toBe(302);
      const back = new URL(sent.headers.get("location") ?? "");
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get("error")).toMatch(/invalid_request|invalid_target/);
      expect(back.searchParams.get("state")).toBe("st-123");
      // A browser is not bounced on to the app's address by a failing link (no open redirect).
      const inBrowser = await fetch(authorizeUrl(clientId, challenge, extra), {
        redirect: "manual",
        headers: { accept: "text/html" },
      });
      expect(inBrowser.headers.get("location")).toBe("/oauth/error?error=malformed_request");
    }
    const denied = await authorizeInBrowser(authorizeUrl(clientId, challenge), alice.cookie, {
      allow: false,
    });
    expect(denied.redirectTo.searchParams.get("error")).toBe("access_denied");
    expect(denied.redirectTo.searchParams.get("code")).toBeNull();
    // A read-only request cannot be allowed full access.
    const readOnly = authorizeUrl(clientId, challenge, { scope: "read" });
    await expect(authorizeInBrowser(readOnly, alice.cookie, { allow: true, scope: "full" })).rejects.toThrow(
      /400/,
    );

    expect(await postForm(origin, "/oauth/token", { grant_type: "password" })).toMatchObject({
      status: 400,
      body: { error: "unsupported_grant_type" },
    });
    expect(await postForm(origin, "/oauth/token", { grant_type: "authorization_code" })).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });
  });

  it("refresh tokens rotate: the new pair works, the old access token ends, an old refresh token ends the grant", async () => {
    const clientId = await newClient();
    const first = await tokensFor(alice, clientId, "read");
    const refresh = (token: string, scope?: string) =>
      postForm(origin, "/oauth/token", {
        grant_type: "refresh_token",
        client_id: clientId,
        refresh_token: token,
        ...(scope ? { scope } : {}),
      });
    // An MCP session made with the first access token lives on past the refresh.
    const session = await mcpSessionOf(origin, first.access_token);
    expect(session).not.toBe("");
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const after = await mcpPost(origin, second.body.access_token as string, {
      body: { jsonrpc: "2.0", id: 2, method: "tools/list" },
      session,
    });
    expect(after.status, await after.clone().text()).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.scope).toBe("read");
    const otherScope = await refresh(second.body.refresh_token as string, "full");
    expect(otherScope).toMatchObject({ status: 400, body: { error: "invalid_scope" } });
    expect(await mcpStatus(first.access_token)).toBe(401);
    expect(await mcpStatus(second.body.access_token as string)).toBe(200);
    // Its audience is /mcp: the OpenAI-compatible API does not take it.
    const v1 = await fetch(`${origin}/v1/models`, {
      headers: { authorization: `Bearer ${second.body.access_token as string}` },
    });
    expect(v1.status).toBe(401);
    const client = await connectWithToken(origin, second.body.access_token as string);
    clients.push(client);
    expect((await client.listTools()).tools.map((x) => x.name)).not.toContain("write_file");

    const replayed = await refresh(first.refresh_token);
    expect(replayed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await mcpStatus(second.body.access_token as string)).toBe(401);
    expect((await refresh(second.body.refresh_token as string)).status).toBe(400);
  });

  it("revocation: by the client (RFC 7009) and in Settings; personal tokens are not touched", async () => {
    const clientId = await newClient("Revocable");
    const personal = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      headers: { cookie: alice.cookie },
      payload: { name: "Laptop", scope: "read" },
    });
    const personalToken = personal.json().token as string;

    const byClient = await tokensFor(alice, clientId);
    expect(
      await postForm(origin, "/oauth/revoke", { token: byClient.refresh_token, client_id: clientId }),
    ).toEqual({
      status: 200,
      body: {},
    });
    expect(await mcpStatus(byClient.access_token)).toBe(401);
    expect(await postForm(origin, "/oauth/revoke", { token: "unknown" })).toMatchObject({ status: 200 });
    expect(await postForm(origin, "/oauth/revoke", { token: personalToken })).toMatchObject({ status: 200 });
    expect(await mcpStatus(personalToken)).toBe(200);

    const inSettings = await tokensFor(alice, clientId);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/oauth/grants",
      headers: { cookie: alice.cookie },
    });
    const grant = list.json().find((g: { clientId: string }) => g.clientId === clientId);
    expect(grant).toMatchObject({ clientName: "Revocable", scope: "full", requireApproval: false });
    const tokens = await t.app.inject({
      method: "GET",
      url: "/api/access-tokens",
      headers: { cookie: alice.cookie },
    });
    expect(tokens.json().map((x: { name: string }) => x.name)).toEqual(["Laptop"]);
    const revoke = (who: Who) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/oauth/grants/${grant.id}`,
        headers: { cookie: who.cookie },
      });
    expect((await revoke(bob)).statusCode).toBe(404);
    expect(await mcpStatus(inSettings.access_token)).toBe(200);
    expect((await revoke(alice)).statusCode).toBe(204);
    expect(await mcpStatus(inSettings.access_token)).toBe(401);
    expect(
      (
        await postForm(origin, "/oauth/token", {
          grant_type: "refresh_token",
          client_id: clientId,
          refresh_token: inSettings.refresh_token,
        })
      ).status,
    ).toBe(400);
    expect(await mcpStatus(personalToken)).toBe(200);
  });

  it("'Ask me before each change' goes with the grant to its access token; read access cannot ask", async () => {
    const clientId = await newClient("Careful");
    const { verifier, challenge } = pkce();
    const { redirectTo } = await authorizeInBrowser(authorizeUrl(clientId, challenge), alice.cookie, {
      allow: true,
      scope: "full",
      requireApproval: true,
    });
    const answer = await exchange(clientId, redirectTo.searchParams.get("code") ?? "", verifier);
    const [row] = await db()
      .db.select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(answer.body.access_token as string)));
    expect(row).toMatchObject({ requireApproval: true, scope: "full", name: "Careful" });
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/oauth/grants",
      headers: { cookie: alice.cookie },
    });
    expect(list.json().find((g: { clientId: string }) => g.clientId === clientId)).toMatchObject({
      requireApproval: true,
    });
    const refused = authorizeInBrowser(authorizeUrl(clientId, pkce().challenge), alice.cookie, {
      allow: true,
      scope: "read",
      requireApproval: true,
    });
    await expect(refused).rejects.toThrow(/requireApproval/);
  });
});
