import { authMessages } from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { describeEachDatabase, openTestPglite } from "../test/databases";
import { buildSignup, buildTestApp, cookiePair, type TestApp } from "../test/test-app";

async function signup(app: FastifyInstance, body = buildSignup()) {
  const res = await app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  return { res, body };
}

/** The user GET /api/auth/me answers for this cookie (null: signed out). */
async function me(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ url: "/api/auth/me", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().user as { email: string } | null;
}

async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  return app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, ...extra } });
}

describeEachDatabase("accounts", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db(), { EXECUTIVE_ACCESS_DOMAINS: "partner.org, Lead.example" });
  });

  it("makes the first account the admin and later ones users", async () => {
    const first = await signup(t.app);
    const second = await signup(t.app);
    expect(first.res.statusCode).toBe(201);
    expect(first.res.json().user.role).toBe("admin");
    expect(second.res.json().user.role).toBe("user");
    expect(JSON.stringify(first.res.json())).not.toContain("password");
  });

  it("gives Executive Access ('pro' for life) to partner domains only", async () => {
    const partner = await signup(t.app, buildSignup({ email: `ceo${Date.now()}@Lead.Example` }));
    const other = await signup(t.app, buildSignup({ email: `ceo${Date.now()}@partner.org.evil.com` }));
    expect(partner.res.json().user).toMatchObject({ plan: "pro", executiveAccess: true });
    expect(other.res.json().user).toMatchObject({ plan: "free", executiveAccess: false });
  });

  it("answers the spec's validation messages with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "nope", username: "ab", password: "short" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(res.json().error.fields).toEqual({
      email: authMessages.invalidEmail,
      username: authMessages.usernameTooShort,
      password: authMessages.passwordTooShort,
    });
    const empty = await login(t.app, "a@b.co", "");
    expect(empty.json().error.fields.password).toBe(authMessages.passwordRequired);
  });

  it("refuses a duplicate email or username with 409, whatever the case", async () => {
    const { body } = await signup(t.app);
    const sameEmail = await signup(t.app, buildSignup({ email: body.email.toUpperCase() }));
    const sameName = await signup(t.app, buildSignup({ username: body.username.toUpperCase() }));
    expect(sameEmail.res.statusCode).toBe(409);
    expect(sameEmail.res.json().error).toMatchObject({
      code: "conflict",
      fields: { email: expect.any(String) },
    });
    expect(sameName.res.statusCode).toBe(409);
    expect(sameName.res.json().error.fields.username).toBe("This username is already taken");
  });

  it("signs in with a server-side session in an HttpOnly SameSite=Lax cookie", async () => {
    const { body } = await signup(t.app);
    const res = await login(t.app, body.email, body.password);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Expires|Max-Age/); // not 'Remember me': a browser-session cookie
    expect((await me(t.app, cookiePair(res.headers["set-cookie"])))?.email).toBe(body.email);
  });

  it("'Remember me' gives a 30-day cookie", async () => {
    const { body } = await signup(t.app);
    const res = await login(t.app, body.email, body.password, { rememberMe: true });
    const expires = /Expires=([^;]+)/.exec(String(res.headers["set-cookie"]))?.[1];
    const days = (Date.parse(expires ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it("answers a wrong password and an unknown email alike", async () => {
    const { body } = await signup(t.app);
    const wrong = await login(t.app, body.email, "wrong password!");
    const unknown = await login(t.app, `nobody${Date.now()}@example.com`, "wrong password!");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe("Invalid email or password.");
  });

  it("rotates the session at login and deletes it at logout", async () => {
    const { body } = await signup(t.app);
    const first = cookiePair((await login(t.app, body.email, body.password)).headers["set-cookie"]);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: first },
      payload: { email: body.email, password: body.password },
    });
    const second = cookiePair(again.headers["set-cookie"]);
    expect(second).not.toBe(first);
    expect(await me(t.app, first)).toBeNull();
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: second } });
    expect(out.statusCode).toBe(204);
    expect(await me(t.app, second)).toBeNull();
  });

  it("revokes a session when its row is deleted", async () => {
    const { body } = await signup(t.app);
    const res = await login(t.app, body.email, body.password);
    const userId = res.json().user.id;
    await db().db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await me(t.app, cookiePair(res.headers["set-cookie"]))).toBeNull();
  });

  it("refuses a forged or unsigned cookie", async () => {
    const forged = { cookie: "neuroos_session=forged" };
    const res = await t.app.inject({ url: "/api/auth/me", headers: forged });
    expect(res.json()).toEqual({ user: null });
    expect(String(res.headers["set-cookie"])).toMatch(/^neuroos_session=;/); // cleared
    const settings = await t.app.inject({ url: "/api/settings", headers: forged });
    expect(settings.statusCode).toBe(401);
    expect(settings.json().error.code).toBe("unauthorized");
  });

  it("limits failed sign-ins per account", async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 5; i++) expect((await login(t.app, body.email, "bad password")).statusCode).toBe(401);
    const blocked = await login(t.app, body.email, body.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe("rate_limited");
  });

  it("refuses state-changing requests from another origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { origin: "https://evil.example" },
      payload: buildSignup(),
    });
    expect(res.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: buildSignup(),
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it("resets a password with a single-use token and ends every session", async () => {
    const { body } = await signup(t.app);
    const cookie = cookiePair((await login(t.app, body.email, body.password)).headers["set-cookie"]);
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: body.email },
    });
    expect(asked.statusCode).toBe(202);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: `ghost${Date.now()}@example.com` },
    });
    expect(unknown.json()).toEqual(asked.json());
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe(body.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const reset = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "a brand new secret" },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).json().error.code).toBe("invalid_token");
    expect(await me(t.app, cookie)).toBeNull();
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(401);
    expect((await login(t.app, body.email, "a brand new secret")).statusCode).toBe(200);
  });
});

describeEachDatabase("sign-in rate limit per IP", (db) => {
  it("answers 429 past the per-minute limit", async () => {
    const { app } = await buildTestApp(db(), {}, { loginPerMinute: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login(app, `ip${i}@example.com`, "whatever")).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe("without a session", () => {
  it("protected routes answer 401; /api/auth/me answers a visitor with no user", async () => {
    const database = await openTestPglite();
    const { app } = await buildTestApp(database);
    const res = await app.inject({ url: "/api/settings" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue" } });
    const visitor = await app.inject({ url: "/api/auth/me" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers["set-cookie"]).toBeUndefined();
    await app.close();
    await database.close();
  });
});
