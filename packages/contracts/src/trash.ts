import { z } from "zod";
import { endpoint } from "./endpoint";

/** Days a deleted item waits in the trash before it is gone for good. */
export const TRASH_KEEP_DAYS = 30;

/**
 * What the trash holds: an app's document, a chat session with its messages, a workspace file or
 * folder, a task of a list document (MindPlanner's, the Visual Organizer's).
 */
export const trashTypeSchema = z.enum(["document", "session", "file", "task"]);

/** One deleted item (GET /api/trash lists them, newest first). */
export const trashItemSchema = z.object({
  id: z.string(),
  type: trashTypeSchema,
  /** The deleted item's own id (a document's, a session's), under which a restore puts it back. */
  itemId: z.string(),
  /** What it was for (a document's app kind, e.g. `notes`; `chat` for a session). */
  kind: z.string(),
  title: z.string(),
  sizeBytes: z.number().int().min(0),
  deletedAt: z.string(),
  /** When it leaves the trash for good. */
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** POST /api/trash/restore — puts a deleted item back where it was: by the trash entry's id, or by the item's own. */
export const restoreTrashSchema = z.union([
  z.object({ id: z.string().uuid() }),
  z.object({ type: trashTypeSchema, itemId: z.string().min(1).max(4096) }),
]);

/** The most a task kept in the trash may hold (its JSON). */
export const TRASH_TASK_MAX_BYTES = 64 * 1024;

/**
 * POST /api/documents/:id/trash — a task just deleted from a list document (content: a list of
 * items with ids), kept in the trash: the item as it was, where it was, and its name.
 */
export const trashTaskSchema = z.object({
  item: z
    .record(z.string(), z.unknown())
    .refine(
      (item) => typeof item.id === "string" && item.id.length > 0 && item.id.length <= 200,
      "The task needs its id",
    ),
  index: z.number().int().min(0).max(100_000),
  title: z.string().trim().min(1, "Name the task").max(200, "A task's name is at most 200 characters"),
});

/** A trashed task back in its list at its place (the end when the list got shorter); the web's Undo and the server's restore. */
export const withTaskAt = <T>(list: T[], task: T, index: number): T[] => {
  const at = Math.min(Math.max(0, index), list.length);
  return [...list.slice(0, at), task, ...list.slice(at)];
};

/** The trash API (server: apps/server/src/trash/routes.ts). */
export const trashApi = {
  /** The person's trash, newest first. */
  list: endpoint({ method: "GET", path: "/api/trash", body: null, answer: z.array(trashItemSchema) }),
  /** Puts an item back where it was; answers it as it was listed. */
  restore: endpoint({
    method: "POST",
    path: "/api/trash/restore",
    body: restoreTrashSchema,
    answer: trashItemSchema,
  }),
  /** Deletes one item for good. */
  forget: endpoint({ method: "DELETE", path: "/api/trash/:id", body: null, answer: null }),
  /** Empties the trash for good; answers how many items went. */
  empty: endpoint({
    method: "DELETE",
    path: "/api/trash",
    body: null,
    answer: z.object({ deleted: z.number().int() }),
  }),
};
