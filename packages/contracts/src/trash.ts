import { z } from "zod";

/** Days a deleted item waits in the trash before it is gone for good. */
export const TRASH_KEEP_DAYS = 30;

/** What the trash holds: an app's document, a chat session with its messages, a workspace file or folder. */
export const trashTypeSchema = z.enum(["document", "session", "file"]);

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
  z.object({ type: trashTypeSchema, itemId: z.string().min(1).max(200) }),
]);
