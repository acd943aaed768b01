import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { redirectUriRegistered } from "./clients";
import {
  authorizeInBrowser,
  authorizeUrlAt,
  exchangeCode,
  mcpPingStatus,
  pkce,
  register,
} from "./testing/oauth-flow";

describe("redirectUriRegistered", () => {
  const desktop = ["http://127.0.0.1:7777/callback", "http://localhost/cb", "https://app.example/cb"];
  it("matches a registered URI exactly, and http to this machine on any port (RFC 8252 §7.3)", () => {
    expect(redirectUriRegistered(desktop, "https://app.example/cb")).toBe(true);
    expect(redirectUriRegistered(desktop, "http://127.0.0.1:51234/callback")).toBe(true);
    expect(redirectUriRegistered(desktop, "http://127.0.0.1/callback")).toBe(true);
    expect(redirectUriRegistered(desktop, "http://localhost:8080/cb")).toBe(true);
  });
  it("refuses another path, host, scheme or query, and another port on https", () => {
    for (const uri of [
      "http://127.0.0.1:51234/elsewhere",
      "http://127.0.0.1:7777/callback?x=1",
      "http://localhost:7777/callback",
      "https://127.0.0.1:7777/callback",
      "https://app.example:8443/cb",
      "http://app.example/cb",
      "not a url",
    ])
      expect(redirectUriRegistered(desktop, uri), uri).toBe(false);
  });
});

describeEachDatabase("OAuth codes: a desktop client's port, two exchanges at once", (db) => {
  let t: TestApp;
  let origin: string;
  let alice: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(db());
    origin = (await listen(t.app)).origin;
    alice = await signedInUser(t.app);
  });
  afterAll(() => t.app.close());

  const clientFor = async (redirectUri: string) => {
    const made = await register(origin, { client_name: "Desktop", redirect_uris: [redirectUri] });
    expect(made.status).toBe(201);
    return made.body.client_id as string;
  };
  const codeFor = async (clientId: string, redirectUri: string) => {
    const { verifier, challenge } = pkce();
    const { redirectTo } = await authorizeInBrowser(
      authorizeUrlAt(origin, redirectUri)(clientId, challenge),
      alice.cookie,
      { allow: true, scope: "read" },
    );
    return { code: redirectTo.searchParams.get("code") ?? "", verifier, redirectTo };
  };

  it("a desktop client registered on one port signs in on the port it has free", async () => {
    const clientId = await clientFor("http://127.0.0.1:7777/callback");
    const { code, verifier, redirectTo } = await codeFor(clientId, "http://127.0.0.1:50123/callback");
    expect(redirectTo.host).toBe("127.0.0.1:50123");
    // The code goes with the URI it was asked for, port and all.
    const otherPort = await exchangeCode(origin, {
      clientId,
      code,
      verifier,
      redirectUri: "http://127.0.0.1:7777/callback",
    });
    expect(otherPort.body).toMatchObject({ error: "invalid_grant" });
    const answer = await exchangeCode(origin, {
      clientId,
      code,
      verifier,
      redirectUri: "http://127.0.0.1:50123/callback",
    });
    expect(answer.status).toBe(200);
  });

  it("two exchanges of one code at once: one gets tokens, the other is refused and ends them", async () => {
    const redirectUri = "http://127.0.0.1:7777/callback";
    const clientId = await clientFor(redirectUri);
    const { code, verifier } = await codeFor(clientId, redirectUri);
    const answers = await Promise.all(
      [1, 2].map(() => exchangeCode(origin, { clientId, code, verifier, redirectUri })),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 400);
    expect(won).toHaveLength(1);
    expect(lost[0]?.body).toMatchObject({ error: "invalid_grant" });
    expect(lost[0]?.body.error_description).toMatch(/already used: the tokens it gave are revoked/);
    // The code was stolen on the way, whoever came first: the tokens it gave work no more.
    expect(await mcpPingStatus(origin, won[0]?.body.access_token as string)).toBe(401);
  });
});
