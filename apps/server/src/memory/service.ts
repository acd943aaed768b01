import { MEMORY_MAX_ENTRIES, MEMORY_MAX_LENGTH, type Memory } from "@neuroos/contracts";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockPerson } from "../db/locks";
import { memories } from "../db/schema";
import { storableText } from "../db/storable";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { relevantMemories } from "./relevance";

type Row = typeof memories.$inferSelect;

const toMemory = (row: Row): Memory => ({
  id: row.id,
  content: row.content,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Cross-session memory: each person's remembered facts, for Settings and the model's tools. */
export class MemoryService {
  constructor(private readonly db: Db) {}

  /** The person's memories, newest first. */
  async list(userId: string): Promise<Memory[]> {
    const rows = await this.db
      .select()
      .from(memories)
      .where(eq(memories.userId, userId))
      .orderBy(desc(memories.createdAt), desc(memories.id));
    return rows.map(toMemory);
  }

  /**
   * Adds a fact; refused (409) once the person keeps MEMORY_MAX_ENTRIES of them. The count and
   * the insert run under a lock on the person's row, so adds racing each other cannot pass the cap.
   */
  async add(userId: string, content: string, source: Memory["source"]): Promise<Memory> {
    const text = storableText(content.trim()).slice(0, MEMORY_MAX_LENGTH);
    const row = await this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [held] = await tx.select({ n: count() }).from(memories).where(eq(memories.userId, userId));
      if ((held?.n ?? 0) >= MEMORY_MAX_ENTRIES) {
        throw new AppError(
          409,
          "conflict",
          `Memory is full (${MEMORY_MAX_ENTRIES} entries): delete some in Settings first`,
        );
      }
      const [inserted] = await tx.insert(memories).values({ userId, content: text, source }).returning();
      return inserted;
    });
    if (!row) throw new Error("insert returned no row");
    return toMemory(row);
  }

  /** Rewrites a fact of the person's own (it becomes theirs); another user's id is 404. */
  async update(userId: string, id: string, content: string): Promise<Memory> {
    if (!isUuid(id)) throw notFound("Memory");
    const [row] = await this.db
      .update(memories)
      .set({ content: storableText(content.trim()), source: "user", updatedAt: new Date() })
      .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      .returning();
    if (!row) throw notFound("Memory");
    return toMemory(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound("Memory");
    const rows = await this.db
      .delete(memories)
      .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      .returning({ id: memories.id });
    if (rows.length === 0) throw notFound("Memory");
  }

  /** The memories worth giving the model for a conversation that starts with `text`. */
  async relevant(userId: string, text: string): Promise<Memory[]> {
    return relevantMemories(await this.list(userId), text);
  }
}
