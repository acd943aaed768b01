import { HttpError } from "../api";
import { documentApi } from "../resources/documents";
import { createStore } from "../store";

export type SyncStatus = "loading" | "saved" | "saving" | "unsaved" | "offline" | "conflict" | "error";

export interface DocumentState<T> {
  title: string;
  content: T;
  status: SyncStatus;
  /** What the status means for the person (offline, conflict, a refused save). */
  message: string | null;
}

export interface DocumentOptions<T> {
  /** The app's document kind on the server, e.g. `notes`. */
  kind: string;
  defaultTitle: string;
  emptyContent: T;
  /** Where the local copy lives (the spec names some: `notepad-title`, `notepad-content`). */
  localKeys: { title: string; content: string };
  /** How the content is kept locally: as it is (text) or as JSON. */
  codec: "text" | "json";
  /** Debounce of autosave (the spec's 1 s). */
  saveDelayMs?: number;
  /** Retry of a save that could not reach the server. */
  retryMs?: number;
}

interface SyncMeta {
  id: string | null;
  version: number;
  /** Local edits the server has not acknowledged. */
  dirty: boolean;
}

export const CONFLICT_MESSAGE =
  "This note was changed elsewhere since you opened it. Keep yours (it replaces that copy) or load the latest.";
export const OFFLINE_MESSAGE =
  "Saved on this device: the server cannot be reached. It syncs when it is back.";

/**
 * One document of an app, kept in localStorage (so the app works offline) and synced with the
 * documents store: autosave after a pause, retry when the server is back, and a conflict when
 * the server copy moved on (the version it was edited on is stale).
 */
export class DocumentSync<T> {
  readonly state;
  private meta: SyncMeta;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> | null = null;
  private edits = 0;
  private disposed = false;
  private readonly onOnline = () => void this.save();

  constructor(private readonly options: DocumentOptions<T>) {
    const local = this.readLocal();
    this.meta = local.meta;
    this.state = createStore<DocumentState<T>>({
      title: local.title,
      content: local.content,
      status: "loading",
      message: null,
    });
  }

  /** Starts syncing (the screen opened): reads the server copy, retries when the browser is back online. */
  start(): void {
    this.disposed = false;
    window.addEventListener("online", this.onOnline);
    void this.load();
  }

  /** Stops (the screen closed): pending edits are sent once more, then nothing is retried. */
  stop(): void {
    void this.save();
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    window.removeEventListener("online", this.onOnline);
  }

  /** Reads the server copy: adopted unless local edits are pending (then they are sent). */
  private async load(): Promise<void> {
    try {
      if (this.meta.dirty) return await this.save();
      const newest = (await documentApi.list(this.options.kind))[0];
      if (!newest) {
        const { title, content } = this.state.get();
        if (title !== this.options.defaultTitle || content !== this.options.emptyContent) this.markDirty();
        return this.settle("saved");
      }
      const doc = await documentApi.get(newest.id);
      if (this.meta.dirty) return; // edited while loading: the edit wins, its save follows
      this.adopt(doc.id, doc.version, doc.title, doc.content as T);
    } catch (err) {
      this.failed(err);
    }
  }

  edit(change: Partial<Pick<DocumentState<T>, "title" | "content">>): void {
    this.state.set((s) => ({ ...s, ...change, status: s.status === "conflict" ? "conflict" : "unsaved" }));
    this.markDirty();
    if (this.state.get().status === "conflict") return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), this.options.saveDelayMs ?? 1000);
  }

  /** Sends pending edits now (one save at a time; edits made meanwhile are sent after it). */
  async save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.saving) return this.saving;
    if (!this.meta.dirty || this.disposed || this.state.get().status === "conflict") return;
    this.saving = this.send().finally(() => {
      this.saving = null;
    });
    return this.saving;
  }

  /** After a conflict: keep the local copy (it replaces the server's) or take the server's. */
  async resolve(keep: "mine" | "theirs"): Promise<void> {
    if (!this.meta.id) return;
    try {
      const doc = await documentApi.get(this.meta.id);
      if (keep === "theirs") return this.adopt(doc.id, doc.version, doc.title, doc.content as T);
      this.meta = { ...this.meta, version: doc.version, dirty: true };
      this.writeMeta();
      this.settle("unsaved");
      await this.save();
    } catch (err) {
      this.failed(err);
    }
  }

  private async send(): Promise<void> {
    const edits = this.edits;
    const { title, content } = this.state.get();
    this.settle("saving");
    try {
      const doc = this.meta.id
        ? await documentApi.update(this.meta.id, this.meta.version, title, content)
        : await documentApi.create(this.options.kind, title, content);
      this.meta = { id: doc.id, version: doc.version, dirty: this.edits !== edits };
      this.writeMeta();
      if (this.meta.dirty) {
        this.settle("unsaved");
        this.timer = setTimeout(() => void this.save(), 0);
      } else this.settle("saved");
    } catch (err) {
      this.failed(err);
    }
  }

  private failed(err: unknown): void {
    if (err instanceof HttpError && err.status === 409) {
      this.settle("conflict", CONFLICT_MESSAGE);
      return;
    }
    if (err instanceof HttpError && err.status === 404 && this.meta.id) {
      // Deleted elsewhere: the local copy becomes a new document.
      this.meta = { id: null, version: 0, dirty: true };
      this.writeMeta();
      return void this.save();
    }
    if (err instanceof HttpError && err.status < 500) {
      this.settle("error", err.serverMessage ?? err.message);
      return;
    }
    // The server cannot be reached (or failed): kept here, tried again.
    this.settle("offline", OFFLINE_MESSAGE);
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => void (this.meta.dirty ? this.save() : this.load()),
      this.options.retryMs ?? 5000,
    );
  }

  private adopt(id: string, version: number, title: string, content: T): void {
    this.meta = { id, version, dirty: false };
    this.writeMeta();
    this.state.set({ title, content, status: "saved", message: null });
    this.writeLocal();
  }

  private markDirty(): void {
    this.edits += 1;
    this.meta = { ...this.meta, dirty: true };
    this.writeMeta();
    this.writeLocal();
  }

  private settle(status: SyncStatus, message: string | null = null): void {
    this.state.set((s) => ({ ...s, status, message }));
  }

  private get metaKey(): string {
    return `neuroos-document-${this.options.kind}`;
  }

  private readLocal(): { title: string; content: T; meta: SyncMeta } {
    const { localKeys, codec, defaultTitle, emptyContent } = this.options;
    const title = localStorage.getItem(localKeys.title) ?? defaultTitle;
    const raw = localStorage.getItem(localKeys.content);
    let content = emptyContent;
    if (raw !== null) {
      try {
        content = codec === "text" ? (raw as T) : (JSON.parse(raw) as T);
      } catch {
        content = emptyContent;
      }
    }
    let meta: SyncMeta = { id: null, version: 0, dirty: false };
    try {
      meta = { ...meta, ...JSON.parse(localStorage.getItem(this.metaKey) ?? "{}") };
    } catch {}
    return { title, content, meta };
  }

  private writeLocal(): void {
    const { title, content } = this.state.get();
    const { localKeys, codec } = this.options;
    try {
      localStorage.setItem(localKeys.title, title);
      localStorage.setItem(localKeys.content, codec === "text" ? String(content) : JSON.stringify(content));
    } catch {
      // Storage full or refused: the server copy still gets the edit.
    }
  }

  private writeMeta(): void {
    try {
      localStorage.setItem(this.metaKey, JSON.stringify(this.meta));
    } catch {}
  }
}
