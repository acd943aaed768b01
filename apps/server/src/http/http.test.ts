import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_VERSION } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, type TestApp } from "../test/test-app";

describeEachDatabase("http surface", (db) => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-web-"));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>NeuroOS</title>");
    fs.writeFileSync(path.join(webDir, "app.js"), "console.log(1)");
    t = await buildTestApp(db(), { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("reports version, uptime and the database on /api/health", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      version: APP_VERSION,
      database: { kind: db().kind, status: "up" },
    });
    expect(res.json().uptimeSeconds).toBeGreaterThan(0);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers malformed JSON with 400 in the error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "bad_request", message: "Malformed JSON body" } });
  });

  it("answers a JSON body that is not an object with a validation error", async () => {
    for (const payload of ["[]", "null", '"text"', "42"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/validation_failed|bad_request/);
    }
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: "payload_too_large",
      message: "Request body is larger than 1 MB",
    });
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/xml" },
      payload: "<a/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("unsupported_media_type");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    for (const url of ["/api/nope", "/api", "/api/auth/nope?x=1"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });

  it("answers unknown paths under /api, /v1, /mcp and /.well-known with a JSON 404, never the web app", async () => {
    const urls = [
      "/v1",
      "/v1/nope?x=1",
      "/v1/embeddings",
      "/mcp/anything",
      "/mcp/",
      "/.well-known/oauth-protected-resource/elsewhere",
      "/.well-known/security.txt",
      "/.well-known",
      "/api/nope",
    ];
    for (const url of urls)
      for (const method of ["GET", "POST", "HEAD", "PUT", "DELETE"] as const) {
        const res = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers["content-type"], `${method} ${url}`).toMatch(/application\/json/);
        if (method !== "HEAD") {
          expect(res.json().error, `${method} ${url}`).toMatchObject({ code: "not_found" });
          expect(res.body).not.toContain("<title>");
        }
      }
  });

  it("answers the OpenAI-compatible API's own paths in JSON without a token, never the web app", async () => {
    for (const url of ["/v1/models", "/v1/chat/completions"]) {
      const res = await t.app.inject({ method: url.endsWith("models") ? "GET" : "POST", url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error, url).toMatchObject({ type: "authentication_error", code: "invalid_api_key" });
    }
  });

  it("still serves the web app for paths that only look like a program's", async () => {
    for (const url of ["/dashboard", "/v1x", "/mcpage", "/well-known", "/apis"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    }
  });

  it("serves the web app for any other path, and its files", async () => {
    for (const url of ["/", "/some/unknown/page", "/dashboard?x=1"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<title>NeuroOS</title>");
    }
    const asset = await t.app.inject({ url: "/app.js" });
    expect(asset.body).toBe("console.log(1)");
    const traversal = await t.app.inject({ url: "/..%2f..%2fetc%2fpasswd" });
    expect(traversal.body).not.toContain("root:");
  });

  it("survives hostile input without crashing", async () => {
    const inputs = [
      { method: "POST" as const, url: "/api/auth/login", payload: { email: { $gt: "" }, password: ["x"] } },
      {
        method: "POST" as const,
        url: "/api/auth/signup",
        payload: { email: "a@b.co\u0000", username: "\u0000\u0000\u0000", password: "x".repeat(300) },
      },
      { method: "GET" as const, url: "/api/health?%E0%A4%A=1" },
      {
        method: "POST" as const,
        url: "/api/auth/reset-password",
        payload: { token: "short", password: "x" },
      },
    ];
    for (const input of inputs) {
      const res = await t.app.inject(input);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });
});
