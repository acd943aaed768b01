import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

type Who = { cookie: string };
type Task = { id: string; title: string; description: string; status: string; priority: string };

/** A task deleted from a list document waits in the trash, and a restore puts it back in its list. */
describeEachDatabase("tasks in the trash", (db) => {
  let t: TestApp;
  let bob: TwoPeople["bob"];
  let api: TwoPeople["api"];
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ bob, api } = await twoPeople(t.app));
  });
  afterAll(() => t.app.close());

  const task = (id: string): Task => ({
    id,
    title: `Task ${id}`,
    description: "",
    status: "todo",
    priority: "medium",
  });
  const newPlan = async (tasks: Task[]) =>
    (await api("POST", "/api/documents", { kind: "mind-planner", title: "Plan", content: tasks })).json() as {
      id: string;
    };
  const contentOf = async (id: string) => (await api("GET", `/api/documents/${id}`)).json();
  /** What an app does on a delete: saves the list without the task, then keeps it in the trash. */
  const deleteTask = async (planId: string, version: number, tasks: Task[], index: number) => {
    const gone = tasks[index] as Task;
    const saved = await api("PUT", `/api/documents/${planId}`, {
      version,
      content: tasks.filter((x) => x.id !== gone.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = await api("POST", `/api/documents/${planId}/trash`, {
      item: gone,
      index,
      title: gone.title,
    });
    expect(kept.statusCode, kept.body).toBe(201);
    return kept.json() as { id: string };
  };

  it("waits in the trash as a task of its list; a restore puts it back where it was, as a new version", async () => {
    const tasks = [task("a"), task("b"), task("c")];
    const plan = await newPlan(tasks);
    const kept = await deleteTask(plan.id, 1, tasks, 1);
    const listed = (await api("GET", "/api/trash")).json();
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: kept.id,
        type: "task",
        itemId: "b",
        kind: "mind-planner",
        title: "Task b",
      }),
    );
    expect((await api("GET", "/api/trash", undefined, bob)).json()).toEqual([]);
    expect((await api("POST", "/api/trash/restore", { id: kept.id }, bob)).statusCode).toBe(404);

    const restored = await api("POST", "/api/trash/restore", { id: kept.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await contentOf(plan.id)).toMatchObject({ version: 3, content: tasks });
    expect((await api("GET", "/api/trash")).json()).not.toContainEqual(
      expect.objectContaining({ id: kept.id }),
    );
  });

  it("comes back into the list as it is now; one back already is a 409 and stays in the trash", async () => {
    const tasks = [task("a"), task("b"), task("c")];
    const plan = await newPlan(tasks);
    const kept = await deleteTask(plan.id, 1, tasks, 2);
    // Meanwhile the list lost its first task and gained another.
    await api("PUT", `/api/documents/${plan.id}`, { version: 2, content: [task("b"), task("d")] });
    expect((await api("POST", "/api/trash/restore", { id: kept.id })).statusCode).toBe(200);
    expect((await contentOf(plan.id)).content).toEqual([task("b"), task("d"), task("c")]);

    const again = await deleteTask(plan.id, 4, [task("b"), task("d"), task("c")], 0);
    await api("PUT", `/api/documents/${plan.id}`, { version: 5, content: [task("b"), task("d"), task("c")] });
    const twice = await api("POST", "/api/trash/restore", { id: again.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("“Task b” is back in its list already");
    expect((await api("GET", "/api/trash")).json()).toContainEqual(expect.objectContaining({ id: again.id }));
  });

  it("a task whose list is gone says to restore the list first", async () => {
    const plan = await newPlan([task("a")]);
    const kept = await deleteTask(plan.id, 1, [task("a")], 0);
    expect((await api("DELETE", `/api/documents/${plan.id}`)).statusCode).toBe(204);
    const refused = await api("POST", "/api/trash/restore", { id: kept.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "The list that “Task a” was in is gone: restore the list first",
    );
    expect((await api("POST", "/api/trash/restore", { type: "document", itemId: plan.id })).statusCode).toBe(
      200,
    );
    expect((await api("POST", "/api/trash/restore", { id: kept.id })).statusCode).toBe(200);
    expect((await contentOf(plan.id)).content).toEqual([task("a")]);
  });

  it("refuses another person's list, a list that is not one, bad tasks and oversize ones, changing nothing", async () => {
    const plan = await newPlan([task("a")]);
    const note = (await api("POST", "/api/documents", { kind: "notes", title: "N", content: "text" })).json();
    const before = (await api("GET", "/api/trash")).json().length;
    const refusals: [string, unknown, number, Who?][] = [
      [plan.id, { item: task("x"), index: 0, title: "x" }, 404, bob],
      ["00000000-0000-4000-8000-000000000000", { item: task("x"), index: 0, title: "x" }, 404],
      ["not-an-id", { item: task("x"), index: 0, title: "x" }, 404],
      [note.id, { item: task("x"), index: 0, title: "x" }, 400],
      [plan.id, { item: { title: "no id" }, index: 0, title: "x" }, 400],
      [plan.id, { item: task("x"), index: -1, title: "x" }, 400],
      [plan.id, { item: task("x"), index: 0, title: "" }, 400],
      [plan.id, { item: task("x"), index: 0, title: "a\u0000b" }, 400],
      [plan.id, { item: { id: "big", text: "x".repeat(70_000) }, index: 0, title: "big" }, 413],
      [plan.id, "not json", 415],
    ];
    for (const [id, body, status, who] of refusals) {
      const answer = await api("POST", `/api/documents/${id}/trash`, body, who);
      expect(answer.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${answer.body}`).toBe(status);
      expect(answer.json().error.message).toEqual(expect.any(String));
    }
    expect((await api("GET", "/api/trash")).json()).toHaveLength(before);
  });
});
