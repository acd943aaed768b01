import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../app";
import type { Mail } from "../auth/mailer";
import type { Database } from "../db/client";
import { loadEnv } from "../env";

export interface TestApp {
  app: FastifyInstance;
  mails: Mail[];
}

/**
 * The real application on a real database, with mail captured instead of sent (`realMailer`:
 * sent through SMTP_URL by the real mailer, as in production; `mails` stays empty).
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  options: Pick<
    AppDeps,
    "loginPerMinute" | "signInWindows" | "cluster" | "heartbeat" | "embeddingDownloads"
  > & {
    realMailer?: boolean;
  } = {},
): Promise<TestApp> {
  const mails: Mail[] = [];
  const app = await buildApp({
    env: loadEnv({
      LOG_LEVEL: "silent",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-test-")),
      // Workspace volumes (loop mounts) only where a test asks for them: volumes.test.ts.
      WORKSPACE_VOLUMES: "off",
      ...env,
    }),
    database,
    sessionSecret: "test-secret-test-secret-test-secret-1234",
    mailer: options.realMailer
      ? undefined
      : async (mail) => {
          mails.push(mail);
        },
    loginPerMinute: options.loginPerMinute ?? 1000,
    signInWindows: options.signInWindows,
    cluster: options.cluster,
    heartbeat: options.heartbeat,
    embeddingDownloads: options.embeddingDownloads,
  });
  await app.ready();
  return { app, mails };
}

let counter = 0;
/** A unique, valid sign-up body (small factory, as in outline's buildUser()). */
export function buildSignup(overrides: Partial<{ email: string; username: string; password: string }> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    email: `user${id}@example.com`,
    username: `user${id}`,
    password: "correct horse battery",
    ...overrides,
  };
}

/** The `name=value` pair of a Set-Cookie header, to send back as a Cookie header. */
export function cookiePair(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (first ?? "").split(";")[0] ?? "";
}

/** Signs up and signs in a fresh user; returns the user and the Cookie header to send. */
export async function signedInUser(app: FastifyInstance) {
  const body = buildSignup();
  await app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: body.email, password: body.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return {
    user: res.json().user as { id: string; email: string },
    cookie: cookiePair(res.headers["set-cookie"]),
  };
}

/** Requests as a signed-in person: `as(who, "PUT", url, body)`. */
export function requestsAs(app: FastifyInstance) {
  return (who: { cookie: string }, method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as "GET", url, payload: payload as object, headers: { cookie: who.cookie } });
}

/** Two people on one app (bob for isolation checks) and requests as either: `api(method, url, body?, who = alice)`. */
export async function twoPeople(app: FastifyInstance) {
  const alice = await signedInUser(app);
  const bob = await signedInUser(app);
  const as = requestsAs(app);
  const api = (method: string, url: string, payload?: unknown, who: { cookie: string } = alice) =>
    as(who, method, url, payload);
  return { alice, bob, api };
}
export type TwoPeople = Awaited<ReturnType<typeof twoPeople>>;
