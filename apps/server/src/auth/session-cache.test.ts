import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { buildSignup, buildTestApp, cookiePair, type TestApp } from "../test/test-app";
import { deleteAccount, deleteUserSessions } from "./service";
import { SESSION_CACHE_MS, SessionCache, sessionCacheOf } from "./session-cache";

const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  username: id,
  role: "user" as const,
  plan: "free" as const,
  executiveAccess: false,
  createdAt: new Date(0).toISOString(),
});

describe("SessionCache", () => {
  it("trusts an entry for its TTL and never past the session's own expiry", () => {
    const cache = new SessionCache(1000);
    cache.set({ user: user("a"), sessionId: "s1", expiresAt: 10_500 }, cache.generation, 10_000);
    expect(cache.get("s1", 10_400)?.user.id).toBe("a");
    expect(cache.get("s1", 10_500)).toBeUndefined(); // the session expired
    cache.set({ user: user("a"), sessionId: "s2", expiresAt: 99_000 }, cache.generation, 10_000);
    expect(cache.get("s2", 10_999)).toBeDefined();
    expect(cache.get("s2", 11_000)).toBeUndefined(); // the TTL passed: ask the database again
  });

  it("forgets a session or all of a user's sessions at once", () => {
    const cache = new SessionCache(1000);
    const g = cache.generation;
    cache.set({ user: user("a"), sessionId: "s1", expiresAt: Infinity }, g);
    cache.set({ user: user("a"), sessionId: "s2", expiresAt: Infinity }, g);
    cache.set({ user: user("b"), sessionId: "s3", expiresAt: Infinity }, g);
    cache.forgetSession("s1");
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s2")).toBeDefined();
    cache.forgetUser("a");
    expect(cache.get("s2")).toBeUndefined();
    expect(cache.get("s3")?.user.id).toBe("b");
  });

  it("does not store a lookup that started before an invalidation (a logout racing a request)", () => {
    const cache = new SessionCache(1000);
    const before = cache.generation; // a request starts its database lookup
    cache.forgetSession("s1"); // the logout commits meanwhile
    cache.set({ user: user("a"), sessionId: "s1", expiresAt: Infinity }, before); // the stale row arrives
    expect(cache.get("s1")).toBeUndefined();
  });
});

async function signedIn(app: FastifyInstance) {
  const body = buildSignup();
  await app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: body });
  return { body, userId: res.json().user.id as string, cookie: cookiePair(res.headers["set-cookie"]) };
}

describeEachDatabase("session cache", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db());
  });
  // A signed-in route: 200 with a live session, 401 without (/api/auth/me answers a visitor too).
  const me = (cookie: string) => t.app.inject({ url: "/api/settings", headers: { cookie } });

  it("answers from the cache within its TTL (a row deleted behind the server's back)", async () => {
    const { userId, cookie } = await signedIn(t.app);
    expect((await me(cookie)).statusCode).toBe(200); // cached now
    await db().db.delete(sessions).where(eq(sessions.userId, userId));
    // Not through this process: trusted for at most SESSION_CACHE_MS more.
    expect((await me(cookie)).statusCode).toBe(200);
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(5000);
    sessionCacheOf(db().db).forgetUser(userId);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses a logged-out cookie at once", async () => {
    const { cookie } = await signedIn(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const llm = await t.app.inject({ url: "/api/llm/providers", headers: { cookie } });
    expect(llm.statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/llm/providers", headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/settings", headers: { cookie } })).statusCode).toBe(401);
  });

  it("refuses the previous cookie at once after a new sign-in rotates it", async () => {
    const { body, cookie } = await signedIn(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie },
      payload: { email: body.email, password: body.password },
    });
    const fresh = cookiePair(again.headers["set-cookie"]);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it("refuses every cookie of the account at once after a password reset", async () => {
    const { body, cookie } = await signedIn(t.app);
    const other = cookiePair(
      (await t.app.inject({ method: "POST", url: "/api/auth/login", payload: body })).headers["set-cookie"],
    );
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: body.email } });
    const mail = t.mails.at(-1);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a brand new secret" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });

  it("refuses the cookies at once when the sessions or the account are deleted", async () => {
    const first = await signedIn(t.app);
    expect((await me(first.cookie)).statusCode).toBe(200);
    await deleteUserSessions(db().db, first.userId);
    expect((await me(first.cookie)).statusCode).toBe(401);

    const second = await signedIn(t.app);
    expect((await me(second.cookie)).statusCode).toBe(200);
    await deleteAccount(db().db, second.userId);
    expect((await me(second.cookie)).statusCode).toBe(401);
  });
});
