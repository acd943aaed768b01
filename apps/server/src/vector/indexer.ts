import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { chatMessages, chatSessions, documents, users } from "../db/schema";
import type { Owner, WorkspaceService } from "../workspace/service";
import type { VectorService } from "./service";

/** Files larger than this are not indexed (the reason is reported). */
export const INDEX_FILE_MAX_BYTES = 256 * 1024;

export interface IndexProgress {
  state: "idle" | "indexing" | "done";
  done: number;
  total: number;
  skipped: { path: string; reason: string }[];
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

/**
 * Keeps a person's index current: everything at initialize (in the background, with progress),
 * then each file as it is written, moved or deleted.
 */
export class VectorIndexer {
  private readonly progress = new Map<string, IndexProgress>();

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
    void this.indexAll(userId, progress).catch(() => {
      progress.state = "done";
    });
    return progress;
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
    const files = (await this.workspaces.list(owner, "/home/user", true)).entries.filter(
      (e) => e.type === "file",
    );
    const messages = await this.db
      .select({
        id: chatMessages.id,
        role: chatMessages.role,
        content: chatMessages.content,
        sessionId: chatMessages.sessionId,
      })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(eq(chatSessions.userId, userId));
    const docs = await this.db.select().from(documents).where(eq(documents.userId, userId));
    progress.total = files.length + messages.length + docs.length;
    for (const file of files) {
      await this.indexFile(userId, file.path, progress, owner);
      progress.done += 1;
      await new Promise((resolve) => setImmediate(resolve)); // the server stays responsive
    }
    for (const m of messages) {
      if (m.content.trim() && (m.role === "user" || m.role === "assistant"))
        await this.vectors.embedObject(userId, {
          objectType: "message",
          objectId: m.id,
          content: m.content,
          metadata: { role: m.role, sessionId: m.sessionId },
        });
      progress.done += 1;
    }
    for (const d of docs) {
      await this.vectors.embedObject(userId, {
        objectType: "document",
        objectId: d.id,
        content: documentText(d.title, d.content),
        metadata: { kind: d.kind, title: d.title },
      });
      progress.done += 1;
    }
    progress.state = "done";
  }

  /** Indexes one workspace file (or drops it from the index when it is gone or not text). */
  async indexFile(userId: string, path: string, progress?: IndexProgress, known?: Owner): Promise<void> {
    const owner = known ?? (await this.owner(userId));
    if (!owner) return;
    try {
      const file = await this.workspaces.read(owner, path);
      if (file.encoding !== "utf8") {
        progress?.skipped.push({ path, reason: "binary" });
        return this.vectors.removeObject(userId, "file", path);
      }
      await this.vectors.embedObject(userId, {
        objectType: "file",
        objectId: path,
        content: file.content,
        metadata: { path },
      });
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 413) progress?.skipped.push({ path, reason: "too large" });
      await this.vectors.removeObject(userId, "file", path);
    }
  }

  /** After files changed: those indexed are read again (or dropped when deleted). */
  async changed(userId: string, paths: string[]): Promise<void> {
    if (this.status(userId).state === "idle") return; // not initialized: nothing to keep current
    for (const path of paths) await this.indexFile(userId, path).catch(() => {});
  }
}
