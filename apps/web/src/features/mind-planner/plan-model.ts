import {
  type GeneratedTask,
  type PlannerTask,
  plannerTaskSchema,
  type TaskPriority,
  type TaskStatus,
} from "@neuroos/contracts";

export const statusTitles: Record<TaskStatus, string> = { todo: "To Do", doing: "In Progress", done: "Done" };
/** Spec: todo → doing → done by a forward arrow; none on done; no way back. */
export const nextStatus: Record<TaskStatus, TaskStatus | null> = { todo: "doing", doing: "done", done: null };

const newId = () => crypto.randomUUID();

/** Stored tasks as the planner shows them (anything unreadable is dropped). */
export function readTasks(content: unknown): PlannerTask[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((item) => {
    const parsed = plannerTaskSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const quickTask = (title: string, priority: TaskPriority): PlannerTask => ({
  id: newId(),
  title: title.trim().slice(0, 200),
  description: "",
  status: "todo",
  priority,
});

/** Spec: generated tasks always start as todo. */
export const fromGenerated = (tasks: GeneratedTask[]): PlannerTask[] =>
  tasks.map((task) => ({ id: newId(), ...task, status: "todo" }));

export function moveForward(tasks: PlannerTask[], id: string): PlannerTask[] {
  return tasks.map((task) => {
    const next = task.id === id ? nextStatus[task.status] : null;
    return next ? { ...task, status: next } : task;
  });
}

/** The plan as Markdown: a section per status, a checkbox per task, its priority. */
export function planMarkdown(title: string, tasks: PlannerTask[]): string {
  const sections = (Object.keys(statusTitles) as TaskStatus[]).map((status) => {
    const lines = tasks
      .filter((task) => task.status === status)
      .map((task) => {
        const box = status === "done" ? "[x]" : "[ ]";
        const description = task.description ? ` — ${task.description}` : "";
        return `- ${box} ${task.title} (${task.priority} priority)${description}`;
      });
    return `## ${statusTitles[status]}\n\n${lines.length ? lines.join("\n") : "_Nothing here._"}`;
  });
  return `# ${title}\n\n${sections.join("\n\n")}\n`;
}

export const planJson = (title: string, tasks: PlannerTask[]) =>
  `${JSON.stringify({ title, tasks: tasks.map(({ id: _id, ...task }) => task) }, null, 2)}\n`;
