import { type ServerFrame, withTaskAt } from "@neuroos/contracts";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { documents, trashItems } from "../db/schema";
import { AppError } from "../http/errors";

type Row = typeof documents.$inferSelect;

/** What a deleted document keeps in the trash beyond its title and kind. */
interface DocumentPayload {
  content: unknown;
  version: number;
  createdAt: string;
}

/** Moves a document (locked by the caller) into the person's trash, in the caller's transaction. */
export async function trashDocument(tx: Tx, row: Row): Promise<void> {
  const payload: DocumentPayload = {
    content: row.content,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
  await tx.insert(trashItems).values({
    userId: row.userId,
    type: "document",
    itemId: row.id,
    kind: row.kind,
    title: row.title,
    payload,
    sizeBytes: row.sizeBytes,
  });
  await tx.delete(documents).where(eq(documents.id, row.id));
}

/** Puts a trashed document back under its own id, as a new version of it (announced). */
export async function restoreDocument(tx: Tx, item: typeof trashItems.$inferSelect): Promise<ServerFrame> {
  const payload = item.payload as DocumentPayload;
  const [taken] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, item.itemId));
  if (taken) throw new AppError(409, "conflict", `“${item.title}” is not in the trash any more`);
  await tx.insert(documents).values({
    id: item.itemId,
    userId: item.userId,
    kind: item.kind,
    title: item.title,
    content: sql`${JSON.stringify(payload.content)}::jsonb`,
    sizeBytes: item.sizeBytes,
    version: payload.version + 1,
    createdAt: new Date(payload.createdAt),
  });
  return { type: "document_changed", documentId: item.itemId, kind: item.kind, version: payload.version + 1 };
}

/** A list with a trashed task back at its place (or at the end); a task already back is a 409. */
export function restoredTask(list: unknown[], task: { id: string }, index: number, title: string): unknown[] {
  const hasId = (entry: unknown) =>
    typeof entry === "object" && entry !== null && (entry as { id?: unknown }).id === task.id;
  if (list.some(hasId)) throw new AppError(409, "conflict", `“${title}” is back in its list already`);
  return withTaskAt(list, task, index);
}
