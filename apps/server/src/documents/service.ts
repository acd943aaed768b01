import {
  type AppDocument,
  type AppDocumentSummary,
  type createDocumentSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_MAX_BYTES_PER_ACCOUNT,
  documentContentSchemas,
  PREFERENCE_MAX_BYTES,
  PREFERENCES_MAX_PER_ACCOUNT,
  type Preference,
  type ServerFrame,
  TRASH_KEEP_DAYS,
  TRASH_TASK_MAX_BYTES,
  type trashTaskSchema,
  type updateDocumentSchema,
} from "@neuroos/contracts";
import { and, count, desc, eq, gt, inArray, ne, sql, sum } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../db/client";
import { lockPerson } from "../db/locks";
import { documents, trashItems, userPreferences } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import { AppError, conflictWith, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { restoredTask, trashDocument } from "./trash";

type Row = typeof documents.$inferSelect;

const toSummary = (row: Omit<Row, "content" | "userId" | "sizeBytes">): AppDocumentSummary => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const toDocument = (row: Row): AppDocument => ({
  ...toSummary(row),
  content: row.content as AppDocument["content"],
});

const kB = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const tooLarge = (message: string) => new AppError(413, "payload_too_large", message);

/** Content of an app's kind has that app's shape (documentContentSchemas); other kinds hold any JSON. */
function checkContent(kind: string, content: unknown): void {
  const result = documentContentSchemas[kind]?.safeParse(content);
  if (!result || result.success) return;
  const issue = result.error.issues[0];
  const where = ["content", ...(issue?.path ?? [])].join(".");
  const message = issue?.message ?? "Invalid content";
  throw new AppError(
    400,
    "validation_failed",
    `${where}: ${message} (not the content of a ${kind} document)`,
    {
      [where]: message,
    },
  );
}

/** A document's title and content as stored (checked for its kind), and their size (what the caps count). */
function stored(kind: string, titleText: string, content: unknown) {
  checkContent(kind, content);
  const title = storableText(titleText);
  const json = storableJson(content);
  const sizeBytes = Buffer.byteLength(title) + Buffer.byteLength(json);
  if (sizeBytes > DOCUMENT_MAX_BYTES)
    throw tooLarge(`A document holds at most ${kB(DOCUMENT_MAX_BYTES)} (this one is ${kB(sizeBytes)})`);
  return { title, content: sql`${json}::jsonb`, sizeBytes };
}

/** Checks the account cap, under the lock of the person's row (adds and edits racing each other see one another). */
async function holdRoom(tx: Tx, userId: string, sizeBytes: number, except?: string): Promise<void> {
  await lockPerson(tx, userId);
  const mine = except
    ? and(eq(documents.userId, userId), ne(documents.id, except))
    : eq(documents.userId, userId);
  const [held] = await tx
    .select({ bytes: sum(documents.sizeBytes) })
    .from(documents)
    .where(mine);
  // Documents in the trash still count until they are gone for good.
  const [trashed] = await tx
    .select({ bytes: sum(trashItems.sizeBytes) })
    .from(trashItems)
    .where(
      and(
        eq(trashItems.userId, userId),
        inArray(trashItems.type, ["document", "task"]),
        gt(trashItems.deletedAt, sql`now() - make_interval(days => ${TRASH_KEEP_DAYS})`),
      ),
    );
  if (Number(held?.bytes ?? 0) + Number(trashed?.bytes ?? 0) + sizeBytes > DOCUMENTS_MAX_BYTES_PER_ACCOUNT)
    throw tooLarge(
      `Your documents are full (${kB(DOCUMENTS_MAX_BYTES_PER_ACCOUNT)}, the trash included): delete some, or empty the trash, first`,
    );
}

/** The apps' data: each person's documents (by kind, versioned) and preferences (by namespace). */
export class DocumentService {
  constructor(private readonly db: Db) {}

  async list(userId: string, kind: string): Promise<AppDocumentSummary[]> {
    const rows = await this.db
      .select({
        id: documents.id,
        kind: documents.kind,
        title: documents.title,
        version: documents.version,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.kind, kind)))
      .orderBy(desc(documents.updatedAt), desc(documents.id));
    return rows.map(toSummary);
  }

  async get(userId: string, id: string): Promise<AppDocument> {
    return toDocument(await this.own(this.db, userId, id));
  }

  async create(userId: string, input: z.output<typeof createDocumentSchema>): Promise<AppDocument> {
    const values = stored(input.kind, input.title, input.content);
    const row = await this.db.transaction(async (tx) => {
      await holdRoom(tx, userId, values.sizeBytes);
      const [inserted] = await tx
        .insert(documents)
        .values({ userId, kind: input.kind, ...values })
        .returning();
      return inserted;
    });
    if (!row) throw new Error("insert returned no row");
    return toDocument(row);
  }

  /** Saves a change made on `input.version`; another version (the copy moved on) is 409. */
  async update(
    userId: string,
    id: string,
    input: z.output<typeof updateDocumentSchema>,
  ): Promise<AppDocument> {
    const row = await this.db.transaction(async (tx) => {
      // The person's row before the document's, as every writer of their documents takes them.
      await lockPerson(tx, userId);
      const current = await this.own(tx, userId, id, true);
      if (current.version !== input.version) {
        throw conflictWith(
          `This document was changed elsewhere (now version ${current.version}, yours was ${input.version}). Reload it to see the latest.`,
          toDocument(current),
        );
      }
      const values = stored(
        current.kind,
        input.title ?? current.title,
        input.content === undefined ? current.content : input.content,
      );
      await holdRoom(tx, userId, values.sizeBytes, id);
      const [updated] = await tx
        .update(documents)
        .set({ ...values, version: current.version + 1, updatedAt: new Date() })
        .where(eq(documents.id, id))
        .returning();
      return updated;
    });
    if (!row) throw notFound("Document");
    return toDocument(row);
  }

  /** Moves one of the person's documents to their trash; answers which one (its id and kind). */
  async remove(userId: string, id: string): Promise<{ id: string; kind: string }> {
    return this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const row = await this.own(tx, userId, id, true);
      await trashDocument(tx, row);
      return { id: row.id, kind: row.kind };
    });
  }

  /**
   * Keeps a task just deleted from one of the person's list documents in their trash (counted
   * with their documents); answers the trash entry's id.
   */
  async trashTask(
    userId: string,
    id: string,
    input: z.output<typeof trashTaskSchema>,
  ): Promise<{ id: string }> {
    const json = storableJson(input.item);
    const sizeBytes = Buffer.byteLength(json) + Buffer.byteLength(input.title);
    if (sizeBytes > TRASH_TASK_MAX_BYTES)
      throw tooLarge(`A task kept in the trash holds at most ${kB(TRASH_TASK_MAX_BYTES)}`);
    return this.db.transaction(async (tx) => {
      const doc = await this.own(tx, userId, id);
      if (!Array.isArray(doc.content))
        throw new AppError(400, "bad_request", "Only a list's tasks go to the trash one by one");
      await holdRoom(tx, userId, sizeBytes);
      const [kept] = await tx
        .insert(trashItems)
        .values({
          userId,
          type: "task",
          itemId: String(input.item.id),
          kind: doc.kind,
          title: storableText(input.title),
          payload: { documentId: doc.id, index: input.index, item: JSON.parse(json) },
          sizeBytes,
        })
        .returning({ id: trashItems.id });
      if (!kept) throw new Error("insert returned no row");
      return kept;
    });
  }

  /** Puts a trashed task back into its list, where it was (the trash's restorer, in its transaction). */
  async restoreTask(tx: Tx, item: typeof trashItems.$inferSelect): Promise<ServerFrame> {
    const {
      documentId,
      index,
      item: task,
    } = item.payload as { documentId: string; index: number; item: { id: string } };
    const [doc] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, item.userId)))
      .for("update");
    if (!doc || !Array.isArray(doc.content))
      throw new AppError(
        409,
        "conflict",
        `The list that “${item.title}” was in is gone: restore the list first`,
      );
    const content = restoredTask(doc.content, task, index, item.title);
    const values = stored(doc.kind, doc.title, content);
    const [updated] = await tx
      .update(documents)
      .set({ ...values, version: doc.version + 1, updatedAt: new Date() })
      .where(eq(documents.id, doc.id))
      .returning();
    if (!updated) throw notFound("Document");
    return { type: "document_changed", documentId: doc.id, kind: doc.kind, version: updated.version };
  }

  async preference(userId: string, namespace: string): Promise<Preference> {
    const [row] = await this.db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.namespace, namespace)));
    return { namespace, value: (row?.value ?? null) as Preference["value"] };
  }

  async setPreference(userId: string, namespace: string, value: unknown): Promise<Preference> {
    return this.changePreference(userId, namespace, () => value);
  }

  /** Changes a preference from its stored value in one step: changes racing each other all count. */
  async changePreference(
    userId: string,
    namespace: string,
    change: (value: unknown) => unknown,
  ): Promise<Preference> {
    return this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [row] = await tx
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.namespace, namespace)));
      const json = storableJson(change(row?.value ?? null));
      if (Buffer.byteLength(json) > PREFERENCE_MAX_BYTES)
        throw tooLarge(`A preference holds at most ${kB(PREFERENCE_MAX_BYTES)}`);
      const [held] = await tx
        .select({ n: count() })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId), ne(userPreferences.namespace, namespace)));
      if ((held?.n ?? 0) >= PREFERENCES_MAX_PER_ACCOUNT)
        throw new AppError(
          409,
          "conflict",
          `At most ${PREFERENCES_MAX_PER_ACCOUNT} preference sets per account`,
        );
      await tx
        .insert(userPreferences)
        .values({ userId, namespace, value: sql`${json}::jsonb` })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.namespace],
          set: { value: sql`${json}::jsonb`, updatedAt: new Date() },
        });
      return { namespace, value: JSON.parse(json) };
    });
  }

  /**
   * Changes the content of the person's newest document of `kind` (made from `fresh` when there
   * is none) in one step, as a saved change (its version goes up: open copies see it moved on).
   */
  async changeNewest(
    userId: string,
    kind: string,
    fresh: { title: string; content: unknown },
    change: (content: unknown) => unknown,
  ): Promise<AppDocument> {
    const row = await this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [newest] = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.kind, kind)))
        .orderBy(desc(documents.updatedAt), desc(documents.id))
        .limit(1);
      const values = stored(
        kind,
        newest?.title ?? fresh.title,
        change(newest ? newest.content : fresh.content),
      );
      await holdRoom(tx, userId, values.sizeBytes, newest?.id);
      const [written] = newest
        ? await tx
            .update(documents)
            .set({ ...values, version: newest.version + 1, updatedAt: new Date() })
            .where(eq(documents.id, newest.id))
            .returning()
        : await tx
            .insert(documents)
            .values({ userId, kind, ...values })
            .returning();
      return written;
    });
    if (!row) throw new Error("The document was not stored");
    return toDocument(row);
  }

  /** Changes every document of `kind` the change applies to (`change` answers null to leave one as it is). */
  async changeEach(
    userId: string,
    kind: string,
    change: (content: unknown) => unknown | null,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const rows = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.kind, kind)));
      let changed = 0;
      for (const doc of rows) {
        const next = change(doc.content);
        if (next === null) continue;
        const values = stored(kind, doc.title, next);
        await tx
          .update(documents)
          .set({ ...values, version: doc.version + 1, updatedAt: new Date() })
          .where(eq(documents.id, doc.id));
        changed += 1;
      }
      return changed;
    });
  }

  /** The person's own document (locked for the transaction when `lock`); others' ids are 404. */
  private async own(db: Db | Tx, userId: string, id: string, lock = false): Promise<Row> {
    if (!isUuid(id)) throw notFound("Document");
    const query = db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, userId)));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw notFound("Document");
    return row;
  }
}
