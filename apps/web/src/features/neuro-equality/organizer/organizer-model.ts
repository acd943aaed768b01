import {
  ORGANIZER_TASKS_MAX,
  ORGANIZER_TEXT_MAX,
  type OrganizerList,
  type OrganizerTask,
  organizerTaskSchema,
} from "@neuroos/contracts";

export const listTitles: Record<OrganizerList, string> = { todo: "To Do", doing: "Doing", done: "Done" };
/** Spec: todo → doing → done and back; nothing past done, nothing before todo. */
export const nextList: Record<OrganizerList, OrganizerList | null> = {
  todo: "doing",
  doing: "done",
  done: null,
};
export const previousList: Record<OrganizerList, OrganizerList | null> = {
  todo: null,
  doing: "todo",
  done: "doing",
};
export type Direction = "forward" | "back";

/** Stored tasks as the organizer shows them (anything unreadable, or a repeated id, is dropped). */
export function readTasks(content: unknown): OrganizerTask[] {
  if (!Array.isArray(content)) return [];
  const seen = new Set<string>();
  return content.slice(0, ORGANIZER_TASKS_MAX).flatMap((item) => {
    const parsed = organizerTaskSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.id)) return [];
    seen.add(parsed.data.id);
    return [parsed.data];
  });
}

/** Why a new task's text cannot be added, or null when it can. */
export function taskTextProblem(text: string, count: number): string | null {
  if (!text.trim()) return "Type a task first: an empty task is not added.";
  if (text.trim().length > ORGANIZER_TEXT_MAX) return `A task is at most ${ORGANIZER_TEXT_MAX} characters.`;
  if (count >= ORGANIZER_TASKS_MAX) return `The organizer holds at most ${ORGANIZER_TASKS_MAX} tasks.`;
  return null;
}

/** Spec: a new task goes to todo; blank text is ignored (the same list comes back). */
export function addTask(tasks: OrganizerTask[], text: string, id: string): OrganizerTask[] {
  if (taskTextProblem(text, tasks.length)) return tasks;
  return [...tasks, { id, text: text.trim(), list: "todo" }];
}

/** The list a task would move to, or null when it cannot move that way. */
export function targetList(list: OrganizerList, direction: Direction): OrganizerList | null {
  return direction === "forward" ? nextList[list] : previousList[list];
}

/** The task moved one list forward or back; at the ends nothing changes. The moved task goes last in its new list. */
export function moveTask(tasks: OrganizerTask[], id: string, direction: Direction): OrganizerTask[] {
  const task = tasks.find((t) => t.id === id);
  const target = task ? targetList(task.list, direction) : null;
  if (!task || !target) return tasks;
  return [...tasks.filter((t) => t.id !== id), { ...task, list: target }];
}

export const tasksIn = (tasks: OrganizerTask[], list: OrganizerList): OrganizerTask[] =>
  tasks.filter((t) => t.list === list);
