import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase("chat sessions API", (db) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(db());
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  const call = (
    who: { cookie: string },
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it("creates 'New Session' by default and lists only the user's own sessions", async () => {
    const created = await call(alice, "POST", "/api/sessions", {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), title: "New Session" });
    const named = await call(alice, "POST", "/api/sessions", { title: "  Data work " });
    expect(named.json().title).toBe("Data work");
    const list = (await call(alice, "GET", "/api/sessions")).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(["Data work", "New Session"]);
    expect((await call(bob, "GET", "/api/sessions")).json()).toEqual([]);
  });

  it("renames and deletes; another user's id and a malformed id are 404", async () => {
    const { id } = (await call(alice, "POST", "/api/sessions", { title: "Temp" })).json();
    const renamed = await call(alice, "PATCH", `/api/sessions/${id}`, { title: "Renamed" });
    expect(renamed.json().title).toBe("Renamed");
    expect((await call(alice, "PATCH", `/api/sessions/${id}`, { title: "" })).statusCode).toBe(400);
    for (const url of [`/api/sessions/${id}`, `/api/sessions/${id}/messages`]) {
      expect((await call(bob, "GET", url.endsWith("messages") ? url : `${url}/messages`)).statusCode).toBe(
        404,
      );
    }
    expect((await call(bob, "PATCH", `/api/sessions/${id}`, { title: "Mine" })).statusCode).toBe(404);
    expect((await call(bob, "DELETE", `/api/sessions/${id}`)).statusCode).toBe(404);
    expect((await call(alice, "GET", "/api/sessions/not-a-uuid/messages")).statusCode).toBe(404);
    expect((await call(alice, "GET", `/api/sessions/${id}/messages`)).json()).toEqual([]);
    expect((await call(alice, "DELETE", `/api/sessions/${id}`)).statusCode).toBe(204);
    expect((await call(alice, "GET", `/api/sessions/${id}/messages`)).statusCode).toBe(404);
  });

  it("requires a session", async () => {
    expect((await t.app.inject({ url: "/api/sessions" })).statusCode).toBe(401);
  });
});
