import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/client";
import { describeEachDatabase } from "../test/databases";
import { buildSignup, buildTestApp } from "../test/test-app";
import type { SignInWindows } from "./routes";

let addresses = 0;
/** A client address of its own for each test (the per-address counters live in the database). */
const newAddress = () => `198.51.100.${++addresses}`;

const login = (app: FastifyInstance, from: string, email: string, password = "not the password") =>
  app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: from, payload: { email, password } });

const unknownEmail = () =>
  `nobody${Date.now().toString(36)}${Math.random().toString(36).slice(2)}@example.com`;

/** The short window of the tests that wait for one to end. */
const WINDOW_MS = 2000;

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

// Two server nodes on one database: on PostgreSQL each has its own connection pool; PGlite
// holds one process's database, so there both nodes share the one handle.
describeEachDatabase("sign-in limits across two nodes", (db) => {
  let second: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const first = db();
    second = first.kind === "postgres" && first.url ? await openPostgres(first.url) : first;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    if (second !== db()) await second.close();
  });

  async function twoNodes(options: { loginPerMinute?: number; signInWindows?: SignInWindows } = {}) {
    const a = (await buildTestApp(db(), {}, options)).app;
    const b = (await buildTestApp(second, {}, options)).app;
    apps.push(a, b);
    return [a, b] as const;
  }

  async function account(app: FastifyInstance) {
    const body = buildSignup();
    expect((await app.inject({ method: "POST", url: "/api/auth/signup", payload: body })).statusCode).toBe(
      201,
    );
    return body;
  }

  it("share the per-address limit", async () => {
    const [a, b] = await twoNodes({ loginPerMinute: 4 });
    const from = newAddress();
    const codes: number[] = [];
    for (const node of [a, b, a, b, a, b]) codes.push((await login(node, from, unknownEmail())).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await login(b, from, unknownEmail());
    expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(50);
    // Another address has its own count.
    expect((await login(b, newAddress(), unknownEmail())).statusCode).toBe(401);
  });

  it("let exactly the per-address limit through a burst of 40 over both nodes", async () => {
    const [a, b] = await twoNodes({ loginPerMinute: 10 });
    const from = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, from, unknownEmail())),
    );
    const codes = burst.map((res) => res.statusCode);
    expect(count(codes, 401)).toBe(10);
    expect(count(codes, 429)).toBe(30);
  });

  it("open the per-address window again when it ends, and forget ended windows", async () => {
    const [a, b] = await twoNodes({ loginPerMinute: 2, signInWindows: { perAddressMs: WINDOW_MS } });
    const from = newAddress();
    expect((await login(a, from, unknownEmail())).statusCode).toBe(401);
    expect((await login(b, from, unknownEmail())).statusCode).toBe(401);
    const refused = await login(a, from, unknownEmail());
    expect(refused.statusCode).toBe(429);
    expect(["1", "2"]).toContain(refused.headers["retry-after"]);
    await sleep(WINDOW_MS + 100);
    // The next hit on a node deletes the counters whose window ended.
    expect((await login(a, newAddress(), unknownEmail())).statusCode).toBe(401);
    const left = await db().db.execute(sql`select key from rate_limits where key like ${`% ${from}`}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect((await login(b, from, unknownEmail())).statusCode).toBe(401);
    expect((await login(a, from, unknownEmail())).statusCode).toBe(401);
    expect((await login(b, from, unknownEmail())).statusCode).toBe(429);
  });

  it("share the per-account lockout, in any case of the email", async () => {
    const [a, b] = await twoNodes();
    const body = await account(a);
    for (const node of [a, b, a, b, a])
      expect((await login(node, newAddress(), body.email)).statusCode).toBe(401);
    for (const node of [a, b]) {
      const blocked = await login(node, newAddress(), body.email.toUpperCase(), body.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({
        code: "rate_limited",
        message: "Too many failed sign-ins. Try again in 15 minutes.",
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(890);
    }
  });

  it("check exactly five passwords of a burst of 20 on one account over both nodes", async () => {
    const [a, b] = await twoNodes();
    const body = await account(a);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 ? b : a, newAddress(), body.email)),
    );
    const codes = burst.map((res) => res.statusCode);
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 429)).toBe(15);
    expect((await login(b, newAddress(), body.email, body.password)).statusCode).toBe(429);
  });

  it("end the lockout on every node after a sign-in on one", async () => {
    const [a, b] = await twoNodes();
    const body = await account(a);
    for (let i = 0; i < 4; i++) expect((await login(a, newAddress(), body.email)).statusCode).toBe(401);
    expect((await login(b, newAddress(), body.email, body.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(a, newAddress(), body.email)).statusCode).toBe(401);
    expect((await login(b, newAddress(), body.email, body.password)).statusCode).toBe(429);
  });

  it("lift the lockout when its window has passed, and forget old failures", async () => {
    const [a, b] = await twoNodes({ signInWindows: { perAccountMs: WINDOW_MS } });
    const body = await account(a);
    for (let i = 0; i < 5; i++)
      expect((await login(i % 2 ? b : a, newAddress(), body.email)).statusCode).toBe(401);
    const blocked = await login(b, newAddress(), body.email, body.password);
    expect(blocked.json().error.message).toMatch(
      /^Too many failed sign-ins\. Try again in (1 second|2 seconds)\.$/,
    );
    await sleep(WINDOW_MS + 100);
    // The next try on a node deletes the failures older than the window, whoever's they were.
    expect((await login(b, newAddress(), unknownEmail())).statusCode).toBe(401);
    const left = await db().db.execute(
      sql`select id from login_failures where account = ${body.email.toLowerCase()}`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect((await login(a, newAddress(), body.email, body.password)).statusCode).toBe(200);
  });
});
