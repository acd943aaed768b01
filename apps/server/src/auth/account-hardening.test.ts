import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildSignup, buildTestApp, type TestApp } from "../test/test-app";
import { waitInWords } from "./login-throttle";

async function signup(app: FastifyInstance, body = buildSignup()) {
  const res = await app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  return { res, body };
}

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

/** Asks for a reset link and returns the token from the captured mail. */
async function resetToken(t: TestApp, email: string): Promise<string> {
  const asked = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
  expect(asked.statusCode).toBe(202);
  const mail = t.mails.at(-1);
  return decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
}

const reset = (app: FastifyInstance, token: string, password = "a brand new secret") =>
  app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password } });

describe("waitInWords", () => {
  it("says how long to wait in words, never in raw seconds", () => {
    expect(waitInWords(886)).toBe("15 minutes");
    expect(waitInWords(60)).toBe("1 minute");
    expect(waitInWords(61)).toBe("2 minutes");
    expect(waitInWords(1)).toBe("1 second");
    expect(waitInWords(45)).toBe("45 seconds");
    expect(waitInWords(3600)).toBe("1 hour");
    expect(waitInWords(5400)).toBe("2 hours");
  });
});

describeEachDatabase("account hardening", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db());
  });

  it("words the lockout in minutes and lifts it when the password is reset", async () => {
    const { body } = await signup(t.app);
    for (let i = 0; i < 5; i++) await login(t.app, body.email, "bad password");
    const blocked = await login(t.app, body.email, body.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    // The same account typed in another case is the same account.
    expect((await login(t.app, body.email.toUpperCase(), body.password)).statusCode).toBe(429);

    expect((await reset(t.app, await resetToken(t, body.email))).statusCode).toBe(200);
    expect((await login(t.app, body.email, "a brand new secret")).statusCode).toBe(200);
  });

  it("a new reset link invalidates every older one", async () => {
    const { body } = await signup(t.app);
    const first = await resetToken(t, body.email);
    const second = await resetToken(t, body.email);
    expect((await reset(t.app, first)).json().error.code).toBe("invalid_token");
    expect((await reset(t.app, second)).statusCode).toBe(200);
  });

  it("a completed reset invalidates the account's other links, issued before it", async () => {
    const { body } = await signup(t.app);
    const token = await resetToken(t, body.email);
    // Issued in the same moment by another request: race both in; only one reset may land.
    const [a, b] = await Promise.all([reset(t.app, token, "first new secret"), reset(t.app, token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await reset(t.app, token)).json().error.code).toBe("invalid_token");
  });
});

describeEachDatabase("the first account", (db) => {
  it("becomes the admin exactly once when ten sign-ups race", async () => {
    const t = await buildTestApp(db());
    const results = await Promise.all(Array.from({ length: 10 }, () => signup(t.app)));
    expect(results.map((r) => r.res.statusCode)).toEqual(Array(10).fill(201));
    const roles = results.map((r) => r.res.json().user.role);
    expect(roles.filter((role) => role === "admin")).toHaveLength(1);
  });
});

describeEachDatabase("PUBLIC_URL origin", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db(), { PUBLIC_URL: "https://neuroos.example.org" });
  });

  it("refuses a state-changing request whose Origin matches only the Host header", async () => {
    // A rebinding name controls the Host header; with PUBLIC_URL set, it does not count.
    const rebound = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { origin: "http://rebind.attacker.test:8080", host: "rebind.attacker.test:8080" },
      payload: buildSignup(),
    });
    expect(rebound.statusCode).toBe(403);
    const own = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { origin: "https://neuroos.example.org", host: "rebind.attacker.test:8080" },
      payload: buildSignup(),
    });
    expect(own.statusCode).toBe(201);
  });
});
