import * as contracts from "@neuroos/contracts";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser } from "../test/test-app";
import { badTextPath } from "./text-guard";

const NUL = "a\u0000b";
const LONE_HIGH = "a\ud800b";
const LONE_LOW = "\udc00";

describe("badTextPath", () => {
  it("finds NUL and lone surrogates anywhere in a value, and passes good text", () => {
    expect(badTextPath({ title: NUL })).toBe("title");
    expect(badTextPath({ a: [{ b: LONE_HIGH }] })).toBe("a.0.b");
    expect(badTextPath([LONE_LOW])).toBe("0");
    expect(badTextPath({ [NUL]: 1 })).toBe("body");
    expect(badTextPath({ ok: "émoji 🎉 עברית \u200f", n: 1, z: null })).toBeNull();
  });
});

/** Every key of every object schema in the contracts: the text fields the routes read. */
function contractFieldNames(): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    if (depth > 4 || typeof schema !== "object" || schema === null) return;
    const def = (schema as { def?: Record<string, unknown> }).def;
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    if (shape && typeof shape === "object") {
      for (const [key, child] of Object.entries(shape)) {
        names.add(key);
        visit(child, depth + 1);
      }
    }
    for (const inner of [def?.innerType, def?.element, ...((def?.options as unknown[]) ?? [])])
      visit(inner, depth + 1);
  };
  for (const value of Object.values(contracts)) visit(value, 0);
  return [...names];
}

/** Every API route of the app, read from Fastify's route tree. */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([\s│├└─]*)(\/\S*) \(([^)]*)\)/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth - 1;
    stack.push(m[2] ?? "");
    const url = stack.join("");
    if (url.startsWith("/api/")) for (const method of (m[3] ?? "").split(", ")) routes.push({ method, url });
  }
  return routes;
}

/** Strings that broke storage before: NUL, lone surrogates, and long, RTL, emoji and control text. */
const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(NUL, LONE_HIGH, LONE_LOW, "\u202e\u0000"), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  fc.constantFrom("x".repeat(5000), "🎉".repeat(50), "..\\..\\x", "python"),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

describeEachDatabase("bad input", (db) => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    ({ app } = await buildTestApp(db()));
    ({ cookie } = await signedInUser(app));
  });

  it("answers 400, not 500, to NUL and lone surrogates in text fields", async () => {
    const call = (method: "POST" | "PATCH", url: string, payload: unknown) =>
      app.inject({ method, url, payload: payload as object, headers: { cookie } });
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      const session = await call("POST", "/api/sessions", { title: bad });
      expect(session.statusCode, JSON.stringify(bad)).toBe(400);
      expect(session.json().error.code).toBe("bad_request");
      const agent = await call("POST", "/api/agents", { name: bad, systemPrompt: "x" });
      expect(agent.statusCode).toBe(400);
    }
    const good = await call("POST", "/api/sessions", { title: "ok" });
    expect(good.statusCode).toBe(201);
    expect((await call("PATCH", `/api/sessions/${good.json().id}`, { title: LONE_HIGH })).statusCode).toBe(
      400,
    );
  });

  it("answers 400 to malformed multipart uploads", async () => {
    const upload = (contentType: string, payload: string) =>
      app.inject({
        method: "POST",
        url: "/api/files/upload",
        headers: { cookie, "content-type": contentType },
        payload,
      });
    const truncated = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello';
    const cases = [
      upload("multipart/form-data", truncated),
      upload("multipart/form-data; boundary=XyZ", truncated),
      upload("multipart/form-data; boundary=XyZ", JSON.stringify({ a: 1 })),
      upload("multipart/form-data; boundary=", "--\r\n"),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("bad_request");
    }
    const listing = await app.inject({ url: "/api/files", headers: { cookie } });
    expect(JSON.stringify(listing.json())).not.toContain("a.txt");
  });

  it("never answers 5xx to arbitrary strings in any contracts field, on any route", async () => {
    const fields = contractFieldNames();
    expect(fields).toEqual(expect.arrayContaining(["title", "name", "content", "email", "path"]));
    const sessionId = (
      await app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: { title: "t" } })
    ).json().id;
    const targets = routesOf(app)
      .filter((r) => r.method !== "HEAD" && !r.url.endsWith("/ws") && r.url !== "/api/auth/logout")
      .map((r) => ({ ...r, url: r.url.replace(/:\w+/g, sessionId) }));
    expect(targets.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        nastyString,
        fc.subarray(fields, { minLength: 1 }),
        async (route, text, keys) => {
          // The same text in many fields at once: a body that is valid but for its text reaches storage.
          const body = Object.fromEntries(keys.map((key) => [key, text]));
          const query = new URLSearchParams(body as Record<string, string>).toString();
          const res = await app.inject({
            method: route.method as "GET",
            url: `${route.url}?${query}`,
            headers: { cookie },
            ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: body }),
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(body)}: ${res.body}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});
