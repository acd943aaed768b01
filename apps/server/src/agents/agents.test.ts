import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } };

describeEachDatabase("agents API", (db) => {
  let t: TestApp;
  let admin: Who;
  let alice: Who;
  let bob: Who;
  beforeAll(async () => {
    t = await buildTestApp(db());
    admin = await signedInUser(t.app); // the first account is the admin
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it("gives every user a default 'Interpreter' with all tools and safe mode on", async () => {
    const list = (await call(alice, "GET", "/api/agents")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: "Interpreter",
      isDefault: true,
      safeMode: true,
      userId: alice.user.id,
    });
    expect(list[0].tools).toEqual([
      "run_code",
      "run_shell",
      "list_files",
      "read_file",
      "write_file",
      "search_files",
    ]);
  });

  it("creates exactly one default agent under concurrent first reads", async () => {
    const carol = await signedInUser(t.app);
    const lists = await Promise.all([1, 2, 3].map(() => call(carol, "GET", "/api/agents")));
    for (const res of lists) expect(res.statusCode).toBe(200);
    expect((await call(carol, "GET", "/api/agents")).json()).toHaveLength(1);
  });

  it("creates, reads, partially updates and deletes", async () => {
    const created = await call(alice, "POST", "/api/agents", {
      name: " Analyst ",
      tools: ["read_file", "list_files", "read_file"],
      safeMode: false,
      temperature: 0.2,
    });
    expect(created.statusCode).toBe(201);
    const agent = created.json();
    expect(agent).toMatchObject({
      name: "Analyst",
      tools: ["read_file", "list_files"],
      safeMode: false,
      isDefault: false,
    });
    expect((await call(alice, "GET", `/api/agents/${agent.id}`)).json().name).toBe("Analyst");
    const patched = (
      await call(alice, "PATCH", `/api/agents/${agent.id}`, { description: "Reads data" })
    ).json();
    expect(patched).toMatchObject({ name: "Analyst", description: "Reads data", temperature: 0.2 });
    const madeDefault = (await call(alice, "PATCH", `/api/agents/${agent.id}`, { isDefault: true })).json();
    expect(madeDefault.isDefault).toBe(true);
    const all = (await call(alice, "GET", "/api/agents")).json();
    expect(all.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([
      agent.id,
    ]);
    expect((await call(alice, "DELETE", `/api/agents/${agent.id}`)).statusCode).toBe(409);
    const interpreter = all.find((a: { name: string }) => a.name === "Interpreter");
    await call(alice, "PATCH", `/api/agents/${interpreter.id}`, { isDefault: true });
    expect((await call(alice, "DELETE", `/api/agents/${agent.id}`)).statusCode).toBe(204);
    expect((await call(alice, "GET", `/api/agents/${agent.id}`)).statusCode).toBe(404);
  });

  it("answers clear 400s for invalid bodies", async () => {
    const cases: [object, string][] = [
      [{}, "name"],
      [{ name: "x", temperature: 3 }, "temperature"],
      [{ name: "x", tools: ["format_disk"] }, "tools.0"],
      [{ name: "x", provider: "skynet" }, "provider"],
    ];
    for (const [body, field] of cases) {
      const res = await call(alice, "POST", "/api/agents", body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    const [first] = (await call(alice, "GET", "/api/agents")).json();
    expect((await call(alice, "PATCH", `/api/agents/${first.id}`, {})).statusCode).toBe(400);
  });

  it("hides other users' agents: 404 for their ids, admin-only ?userId=", async () => {
    const [bobsAgent] = (await call(bob, "GET", "/api/agents")).json();
    expect((await call(alice, "GET", `/api/agents/${bobsAgent.id}`)).statusCode).toBe(404);
    expect((await call(alice, "PATCH", `/api/agents/${bobsAgent.id}`, { name: "Mine" })).statusCode).toBe(
      404,
    );
    expect((await call(alice, "DELETE", `/api/agents/${bobsAgent.id}`)).statusCode).toBe(404);
    expect((await call(alice, "GET", "/api/agents/not-an-id")).statusCode).toBe(404);
    expect((await call(alice, "GET", `/api/agents?userId=${bob.user.id}`)).statusCode).toBe(403);
    const asAdmin = (await call(admin, "GET", `/api/agents?userId=${bob.user.id}`)).json();
    expect(asAdmin.map((a: { id: string }) => a.id)).toEqual([bobsAgent.id]);
    expect((await call(admin, "GET", "/api/agents?userId=bogus")).statusCode).toBe(400);
  });
});
