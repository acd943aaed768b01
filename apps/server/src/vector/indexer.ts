import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, vectorSettings } from "../db/schema";
import type { Owner, WorkspaceService } from "../workspace/service";
import type { IndexedObject, VectorService } from "./service";

/** Files larger than this are not indexed (the reason is reported). */
export const INDEX_FILE_MAX_BYTES = 256 * 1024;

export interface IndexProgress {
  state: "idle" | "indexing" | "done";
  done: number;
  total: number;
  skipped: { path: string; reason: string }[];
}

interface StaleObject {
  type: "message" | "document";
  id: string;
  text: string;
  role: string | null;
  sessionId: string | null;
  kind: string | null;
  title: string | null;
  version: string | null;
}

/** The text of an app document's JSON content (strings anywhere inside it). */
export function documentText(title: string, content: unknown): string {
  const parts: string[] = [title];
  const walk = (value: unknown) => {
    if (typeof value === "string") parts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(content);
  return parts.join("\n").trim();
}

/** Objects indexed per transaction when indexing in bulk. */
export const INDEX_BATCH = 32;

/** Runs `each` over `list` in slices of INDEX_BATCH, letting the server answer others between them. */
async function inBatches<T>(list: T[], each: (batch: T[]) => Promise<void>): Promise<void> {
  for (let at = 0; at < list.length; at += INDEX_BATCH) {
    await each(list.slice(at, at + INDEX_BATCH));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A message or document to index again, as an object of the index. */
function staleObject(o: StaleObject): IndexedObject {
  return o.type === "message"
    ? {
        objectType: "message",
        objectId: o.id,
        content: o.text,
        metadata: { role: o.role, sessionId: o.sessionId },
      }
    : {
        objectType: "document",
        objectId: o.id,
        content: documentText(o.title ?? "", JSON.parse(o.text)),
        metadata: { kind: o.kind, title: o.title, version: String(o.version) },
      };
}

/**
 * Keeps a person's index current: everything at initialize (in the background, with progress),
 * then each file as it is written, moved or deleted.
 */
export class VectorIndexer {
  private readonly progress = new Map<string, IndexProgress>();
  private readonly initialized = new Set<string>();
  private readonly sweeps = new Map<string, Promise<void>>();
  private readonly runs = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly vectors: VectorService,
    private readonly workspaces: WorkspaceService,
  ) {}

  status(userId: string): IndexProgress {
    return this.progress.get(userId) ?? { state: "idle", done: 0, total: 0, skipped: [] };
  }

  /** Starts indexing everything of the person's (once at a time); answers the progress so far. */
  start(userId: string): IndexProgress {
    const current = this.status(userId);
    if (current.state === "indexing") return current;
    const progress: IndexProgress = { state: "indexing", done: 0, total: 0, skipped: [] };
    this.progress.set(userId, progress);
    const run = this.indexAll(userId, progress)
      .catch(() => {
        progress.state = "done";
      })
      .finally(() => this.runs.delete(userId));
    this.runs.set(userId, run);
    return progress;
  }

  /**
   * The index as current as it can be before a search: built the first time (the agent's
   * search_files needs no Initialize), else brought up to date.
   */
  async ready(userId: string): Promise<void> {
    if (!this.runs.has(userId) && !(await this.isInitialized(userId))) this.start(userId);
    const running = this.runs.get(userId);
    if (running) return running;
    return this.sweep(userId);
  }

  private async owner(userId: string) {
    const [user] = await this.db
      .select({ id: users.id, plan: users.plan })
      .from(users)
      .where(eq(users.id, userId));
    return user ?? null;
  }

  private async indexAll(userId: string, progress: IndexProgress): Promise<void> {
    const owner = await this.owner(userId);
    if (!owner) return;
    // From now on the index is kept current for the person (also after a restart).
    await this.vectors.models.choose(userId, await this.vectors.models.chosenId(userId));
    this.initialized.add(userId);
    const files = (await this.workspaces.list(owner, "/home/user", true)).entries.filter(
      (e) => e.type === "file",
    );
    const stale = await this.stale(userId);
    progress.total = files.length + stale.length;
    await inBatches(files, async (slice) => {
      const batch: IndexedObject[] = [];
      for (const file of slice) {
        const object = await this.fileObject(userId, file.path, owner, progress);
        if (object) batch.push(object);
      }
      await this.indexBatch(userId, batch, progress);
      progress.done += slice.length;
    });
    await this.indexStale(userId, stale, progress);
    await this.vectors.analyze();
    progress.state = "done";
  }

  /** Whether the person asked for their index (it is then kept current). */
  async isInitialized(userId: string): Promise<boolean> {
    if (this.initialized.has(userId)) return true;
    const [row] = await this.db
      .select({ userId: vectorSettings.userId })
      .from(vectorSettings)
      .where(eq(vectorSettings.userId, userId));
    if (row) this.initialized.add(userId);
    return row !== undefined;
  }

  /**
   * Brings messages and documents up to date (new or edited ones embedded, deleted ones
   * dropped); run before each search, once at a time per person.
   */
  sweep(userId: string): Promise<void> {
    const running = this.sweeps.get(userId);
    if (running) return running;
    const run = (async () => {
      if (!(await this.isInitialized(userId))) return;
      await this.db.execute(sql`
        delete from vector_chunks v where v.user_id = ${userId} and (
          (v.object_type = 'message' and not exists (
            select 1 from chat_messages m join chat_sessions s on s.id = m.session_id
            where s.user_id = ${userId} and m.id::text = v.object_id))
          or (v.object_type = 'document' and not exists (
            select 1 from documents d where d.user_id = ${userId} and d.id::text = v.object_id)))`);
      await this.indexStale(userId, await this.stale(userId));
    })().finally(() => this.sweeps.delete(userId));
    this.sweeps.set(userId, run);
    return run;
  }

  /** The person's messages not yet indexed and documents not indexed at their current version. */
  private async stale(userId: string): Promise<StaleObject[]> {
    const result = (await this.db.execute(sql`
      select 'message' as type, m.id::text as id, m.content as text, m.role as role,
        m.session_id::text as "sessionId", null as kind, null as title, null as version
      from chat_messages m join chat_sessions s on s.id = m.session_id
      where s.user_id = ${userId} and m.role in ('user', 'assistant') and btrim(m.content) <> ''
        and not exists (select 1 from vector_chunks v where v.user_id = ${userId}
          and v.object_type = 'message' and v.object_id = m.id::text)
      union all
      select 'document', d.id::text, d.content::text, null, null, d.kind, d.title, d.version
      from documents d
      where d.user_id = ${userId} and not exists (select 1 from vector_chunks v
        where v.user_id = ${userId} and v.object_type = 'document' and v.object_id = d.id::text
          and v.metadata->>'version' = d.version::text)`)) as unknown as { rows: StaleObject[] };
    return result.rows;
  }

  /** Messages and documents to index again, in batches. */
  private async indexStale(userId: string, stale: StaleObject[], progress?: IndexProgress): Promise<void> {
    await inBatches(stale, async (batch) => {
      await this.indexBatch(userId, batch.map(staleObject), progress);
      if (progress) progress.done += batch.length;
    });
  }

  /**
   * Indexes a batch in one transaction; when that fails (a provider refusing one text, say), each
   * object on its own, so one failure costs only its object (named in the skipped list, and
   * dropped from the index rather than left as it was).
   */
  private async indexBatch(userId: string, batch: IndexedObject[], progress?: IndexProgress): Promise<void> {
    const failed = async (object: IndexedObject, err: unknown) => {
      progress?.skipped.push({ path: object.objectId, reason: (err as Error).message });
      await this.vectors.removeObject(userId, object.objectType, object.objectId);
    };
    try {
      await this.vectors.embedObjects(userId, batch);
    } catch (err) {
      const [only] = batch;
      if (batch.length === 1 && only) return failed(only, err);
      for (const object of batch)
        await this.vectors.embedObject(userId, object).catch((e: unknown) => failed(object, e));
    }
  }

  /** Indexes one workspace file (or drops it from the index when it is gone, not text, or cannot be embedded). */
  async indexFile(userId: string, path: string, progress?: IndexProgress, known?: Owner): Promise<void> {
    const owner = known ?? (await this.owner(userId));
    if (!owner) return;
    const object = await this.fileObject(userId, path, owner, progress);
    if (object) await this.indexBatch(userId, [object], progress);
  }

  /**
   * A workspace file as an object to index; null, and dropped from the index, when it is gone,
   * not text, or too large (the reason is added to the progress's skipped files).
   */
  private async fileObject(
    userId: string,
    path: string,
    owner: Owner,
    progress?: IndexProgress,
  ): Promise<IndexedObject | null> {
    try {
      const file = await this.workspaces.read(owner, path);
      if (file.encoding === "utf8")
        return {
          objectType: "file",
          objectId: path,
          content: file.content,
          metadata: { path, size: file.size, modified: file.modified },
        };
      progress?.skipped.push({ path, reason: "binary" });
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 413) progress?.skipped.push({ path, reason: "too large" });
    }
    await this.vectors.removeObject(userId, "file", path);
    return null;
  }

  /**
   * After files changed (written, uploaded, moved, deleted, or by code run in the sandbox, which
   * reports the folder it ran over): a file is read again or dropped; under a folder, files new
   * or changed since they were indexed are read, and files gone are dropped.
   */
  async changed(userId: string, paths: string[]): Promise<void> {
    if (!(await this.isInitialized(userId))) return; // not asked for: nothing to keep current
    const owner = await this.owner(userId);
    if (!owner) return;
    for (const path of paths) await this.reconcile(userId, owner, path).catch(() => {});
  }

  private async reconcile(userId: string, owner: Owner, path: string): Promise<void> {
    const indexed = await this.indexedUnder(userId, path);
    const listing = await this.workspaces.list(owner, path, true).catch(() => null);
    if (!listing) {
      // A file, or a folder that is gone: the file is read again (or dropped), the folder's files dropped.
      for (const gone of indexed.keys())
        if (gone !== path) await this.vectors.removeObject(userId, "file", gone);
      return this.indexFile(userId, path, undefined, owner);
    }
    const present = new Set<string>();
    for (const entry of listing.entries) {
      if (entry.type !== "file") continue;
      present.add(entry.path);
      const known = indexed.get(entry.path);
      if (!known || known.size !== entry.size || known.modified !== entry.modified)
        await this.indexFile(userId, entry.path, undefined, owner);
    }
    for (const gone of indexed.keys())
      if (!present.has(gone) && !listing.truncated) await this.vectors.removeObject(userId, "file", gone);
  }

  /** The files indexed at or under a path, with the size and time they had when indexed. */
  private async indexedUnder(userId: string, path: string) {
    const prefix = `${path.replace(/\/+$/, "").replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
    const result = (await this.db.execute(sql`
      select distinct on (object_id) object_id as path, (metadata->>'size')::bigint as size,
        metadata->>'modified' as modified
      from vector_chunks where user_id = ${userId} and object_type = 'file'
        and (object_id = ${path} or object_id like ${prefix})`)) as unknown as {
      rows: { path: string; size: string | null; modified: string | null }[];
    };
    return new Map(result.rows.map((r) => [r.path, { size: Number(r.size), modified: r.modified }]));
  }
}
