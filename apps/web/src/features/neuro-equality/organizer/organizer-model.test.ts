import type { OrganizerTask } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { reinsert } from "@/components/ui/task-delete";
import { addTask, moveTask, readTasks, tasksIn, taskTextProblem } from "./organizer-model";

const task = (id: string, list: OrganizerTask["list"] = "todo"): OrganizerTask => ({
  id,
  text: `Task ${id}`,
  list,
});

describe("organizer model", () => {
  it("adds a new task to todo, trimmed; blank text is ignored", () => {
    expect(addTask([], "  Water plants ", "a")).toEqual([{ id: "a", text: "Water plants", list: "todo" }]);
    const tasks = [task("a")];
    expect(addTask(tasks, "   \t ", "b")).toBe(tasks);
    expect(addTask(tasks, "", "b")).toBe(tasks);
    expect(taskTextProblem(" ", 0)).toMatch(/empty task/);
    expect(taskTextProblem("x".repeat(301), 0)).toMatch(/300/);
    expect(taskTextProblem("ok", 0)).toBeNull();
  });

  it("moves forward todo → doing → done and back, never past the ends", () => {
    let tasks = [task("a"), task("b")];
    tasks = moveTask(tasks, "a", "forward");
    expect(tasks.find((t) => t.id === "a")?.list).toBe("doing");
    tasks = moveTask(tasks, "a", "forward");
    expect(tasks.find((t) => t.id === "a")?.list).toBe("done");
    expect(moveTask(tasks, "a", "forward")).toBe(tasks);
    tasks = moveTask(tasks, "a", "back");
    expect(tasks.find((t) => t.id === "a")?.list).toBe("doing");
    tasks = moveTask(tasks, "a", "back");
    expect(tasks.find((t) => t.id === "a")?.list).toBe("todo");
    expect(moveTask(tasks, "a", "back")).toBe(tasks);
    expect(moveTask(tasks, "missing", "forward")).toBe(tasks);
  });

  it("a moved task goes last in its new list; Undo of a delete puts it back at its place, once", () => {
    const tasks = moveTask([task("a", "doing"), task("b"), task("c", "doing")], "b", "forward");
    expect(tasksIn(tasks, "doing").map((t) => t.id)).toEqual(["a", "c", "b"]);
    // Undo puts it back at its place in the list as it is now, once.
    const without = tasks.filter((t) => t.id !== "b");
    const back = reinsert([...without, task("d")], task("b"), 1);
    expect(back.map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
    expect(reinsert(back, task("b"), 1)).toBe(back);
  });

  it("reads stored content through the schema: bad items and repeated ids are dropped", () => {
    expect(readTasks(null)).toEqual([]);
    expect(readTasks({ tasks: [] })).toEqual([]);
    expect(
      readTasks([
        task("a"),
        { id: "b", text: "x", list: "later" },
        { id: "c", text: "  " },
        task("a", "done"),
        7,
      ]),
    ).toEqual([task("a")]);
  });
});
