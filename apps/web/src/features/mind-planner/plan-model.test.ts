import { describe, expect, it } from "vitest";
import { fromGenerated, moveForward, planJson, quickTask, readTasks } from "./plan-model";

describe("the planner", () => {
  it("moves a task forward only, todo → doing → done, and no further", () => {
    let tasks = [quickTask("  Call  ", "high")];
    const id = tasks[0]?.id ?? "";
    expect(tasks[0]).toMatchObject({ title: "Call", status: "todo", priority: "high" });
    tasks = moveForward(tasks, id);
    expect(tasks[0]?.status).toBe("doing");
    tasks = moveForward(moveForward(tasks, id), id);
    expect(tasks[0]?.status).toBe("done");
  });

  it("generated tasks start as todo with ids of their own; unreadable stored tasks are dropped", () => {
    const tasks = fromGenerated([
      { title: "A", description: "", priority: "low" },
      { title: "B", description: "d", priority: "medium" },
    ]);
    expect(tasks.map((t) => t.status)).toEqual(["todo", "todo"]);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(2);
    expect(readTasks([...tasks, { title: "no id" }, "junk"])).toHaveLength(2);
    expect(readTasks(null)).toEqual([]);
    expect(JSON.parse(planJson("P", tasks)).tasks[1]).toEqual({
      title: "B",
      description: "d",
      status: "todo",
      priority: "medium",
    });
  });
});
