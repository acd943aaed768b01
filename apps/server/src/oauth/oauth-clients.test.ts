import http from "node:http";
import type { AddressInfo } from "node:net";
import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { authorizeInBrowser, pkce, postForm } from "./testing/oauth-flow";

type Who = { cookie: string; user: { id: string } };
const REDIRECT = "http://127.0.0.1:7777/callback";

/** Client ID metadata documents served by path, as a client's website would. */
async function documentServer() {
  const documents = new Map<string, string>();
  const reads: string[] = [];
  const server = http.createServer((request, response) => {
    reads.push(request.url ?? "");
    const body = documents.get(request.url ?? "");
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, documents, reads };
}

describeEachDatabase("OAuth clients: metadata documents, and the MCP SDK's own OAuth client", (db) => {
  let t: TestApp;
  let origin: string;
  let alice: Who;
  let site: Awaited<ReturnType<typeof documentServer>>;
  const clients: Client[] = [];
  beforeAll(async () => {
    site = await documentServer();
    // The test's document host is a loopback address: the endpoint guard lets it through by name.
    t = await buildTestApp(db(), { LLM_ENDPOINT_ALLOWLIST: site.base.replace("http://", "") });
    origin = (await listen(t.app)).origin;
    alice = await signedInUser(t.app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.app.close();
    site.server.close();
  });

  const authorizeUrl = (clientId: string, challenge: string, redirectUri = REDIRECT) => {
    const url = new URL("/oauth/authorize", origin);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "s",
      scope: "read",
    }).toString();
    return url;
  };

  it("a client ID metadata document: fetched, its client_id and redirect URIs checked, its host named", async () => {
    const clientId = `${site.base}/oauth/client.json`;
    site.documents.set(
      "/oauth/client.json",
      JSON.stringify({ client_id: clientId, client_name: "Doc Client", redirect_uris: [REDIRECT] }),
    );
    const { verifier, challenge } = pkce();
    const { consent, redirectTo } = await authorizeInBrowser(
      authorizeUrl(clientId, challenge),
      alice.cookie,
      {
        allow: true,
        scope: "read",
      },
    );
    expect(consent).toMatchObject({
      clientName: "Doc Client",
      clientIdHost: new URL(site.base).host,
      verified: true,
      scopes: ["read"],
    });
    const answer = await postForm(origin, "/oauth/token", {
      grant_type: "authorization_code",
      client_id: clientId,
      code: redirectTo.searchParams.get("code") ?? "",
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    expect(answer).toMatchObject({ status: 200, body: { scope: "read", token_type: "Bearer" } });

    const refusedFor = async (id: string, redirectUri = REDIRECT) => {
      const response = await fetch(authorizeUrl(id, challenge, redirectUri), { redirect: "manual" });
      expect(response.status, id).toBe(400);
      return ((await response.json()) as { error_description: string }).error_description;
    };
    expect(await refusedFor(clientId, "https://elsewhere.example/cb")).toMatch(/redirect_uri/);
    site.documents.set("/other.json", JSON.stringify({ client_id: clientId, redirect_uris: [REDIRECT] }));
    expect(await refusedFor(`${site.base}/other.json`)).toMatch(/another client_id/);
    expect(await refusedFor(`${site.base}/missing.json`)).toMatch(/404/);
    site.documents.set(
      "/big.json",
      JSON.stringify({ client_id: `${site.base}/big.json`, pad: "x".repeat(100_000) }),
    );
    expect(await refusedFor(`${site.base}/big.json`)).toMatch(/limit/);
    // Its redirect URIs follow registration's rule: never javascript: (run on NeuroOS's page) or plain http.
    for (const [name, uri] of [
      ["js", "javascript:alert(document.domain)//"],
      ["plain", "http://app.example/cb"],
    ]) {
      const id = `${site.base}/${name}.json`;
      site.documents.set(`/${name}.json`, JSON.stringify({ client_id: id, redirect_uris: [uri] }));
      expect(await refusedFor(id, uri)).toMatch(/metadata document is refused/);
    }
    site.documents.set("/bad.json", "not json");
    expect(await refusedFor(`${site.base}/bad.json`)).toMatch(/could not be read/);
    // A private address that is not allowed is never fetched.
    expect(await refusedFor("http://client.example/client.json")).toMatch(/must be an https URL/);
    expect(await refusedFor("https://10.0.0.1/client.json")).toMatch(/private address/);
    expect(await refusedFor("https://127.0.0.1:1/client.json")).toMatch(/loopback address/);
  });

  it("the MCP SDK's OAuth client discovers, registers, is allowed and calls /mcp", async () => {
    const saved: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
    let code: string | null = null;
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: {
        client_name: "SDK Client",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      },
      clientInformation: () => saved.client,
      saveClientInformation: (info) => {
        saved.client = info;
      },
      tokens: () => saved.tokens,
      saveTokens: (tokens) => {
        saved.tokens = tokens;
      },
      // The person's browser: the consent screen's calls, Allow with full access.
      redirectToAuthorization: async (url) => {
        const { redirectTo } = await authorizeInBrowser(url, alice.cookie, { allow: true, scope: "full" });
        code = redirectTo.searchParams.get("code");
      },
      saveCodeVerifier: (verifier) => {
        saved.verifier = verifier;
      },
      codeVerifier: () => saved.verifier ?? "",
    };
    const serverUrl = new URL("/mcp", origin);
    expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
    expect(code).toBeTruthy();
    expect(await auth(provider, { serverUrl, authorizationCode: code ?? "" })).toBe("AUTHORIZED");
    expect(saved.tokens?.scope).toBe("full");

    const client = new Client({ name: "sdk-oauth", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
    clients.push(client);
    expect((await client.listTools()).tools.map((x) => x.name)).toContain("write_file");

    // The SDK refreshes with its refresh token (rotated by the server).
    const before = saved.tokens?.refresh_token;
    saved.tokens = { ...(saved.tokens as OAuthTokens), access_token: "nos_expired" };
    expect(await auth(provider, { serverUrl })).toBe("AUTHORIZED");
    expect(saved.tokens?.refresh_token).not.toBe(before);
    expect(saved.tokens?.access_token).not.toBe("nos_expired");
  });

  it("behind PUBLIC_URL, the documents and /mcp's 401 name the public https address, not the request's", async () => {
    const behind = await buildTestApp(db(), { PUBLIC_URL: "https://neuroos.example.org" });
    try {
      const unauthorized = await behind.app.inject({ method: "POST", url: "/mcp", payload: {} });
      expect(unauthorized.headers["www-authenticate"]).toContain(
        'resource_metadata="https://neuroos.example.org/.well-known/oauth-protected-resource/mcp"',
      );
      const resource = await behind.app.inject({ url: "/.well-known/oauth-protected-resource/mcp" });
      expect(resource.json()).toMatchObject({
        resource: "https://neuroos.example.org/mcp",
        authorization_servers: ["https://neuroos.example.org"],
      });
      const server = await behind.app.inject({ url: "/.well-known/oauth-authorization-server" });
      expect(server.json()).toMatchObject({
        issuer: "https://neuroos.example.org",
        token_endpoint: "https://neuroos.example.org/oauth/token",
      });
    } finally {
      await behind.app.close();
    }
  });

  it("a client that names itself with HTTP Basic at the token endpoint is known by it", async () => {
    const made = await fetch(`${origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Basic", redirect_uris: [REDIRECT] }),
    });
    const clientId = ((await made.json()) as { client_id: string }).client_id;
    const { verifier, challenge } = pkce();
    const url = authorizeUrl(clientId, challenge);
    const { redirectTo } = await authorizeInBrowser(url, alice.cookie, { allow: true, scope: "read" });
    const response = await fetch(`${origin}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: redirectTo.searchParams.get("code") ?? "",
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ scope: "read" });
  });

  it("an app's document is read once for a while; sign-in links from one address are limited (last: it spends them)", async () => {
    const clientId = `${site.base}/kept.json`;
    site.documents.set("/kept.json", JSON.stringify({ client_id: clientId, redirect_uris: [REDIRECT] }));
    const { challenge } = pkce();
    let answered = 0;
    for (let i = 0; i < 40; i++) {
      const response = await fetch(authorizeUrl(clientId, challenge), { redirect: "manual" });
      if (response.status === 429) break;
      expect(response.status).toBe(302);
      answered += 1;
    }
    expect(answered).toBeLessThan(31); // 30 a minute, some spent by the tests before
    expect(site.reads.filter((url) => url === "/kept.json")).toHaveLength(1);
  });
});
