import { type AppDocument, type AppDocumentSummary, documentSchema } from "@neuroos/contracts";
import { HttpError } from "../api";
import { documentApi } from "../resources/documents";
import { createStore } from "../store";
import { baseOf, DocumentLocal, type LocalKeys, type SyncMeta } from "./document-local";
import { mergeThree, sameJson } from "./merge";

export type SyncStatus = "loading" | "saved" | "saving" | "unsaved" | "offline" | "conflict" | "error";

export interface DocumentState<T> {
  /** The open document's id (null until the server first stored it). */
  id: string | null;
  /** All of the app's documents, newest first (the device's copy while offline). */
  documents: AppDocumentSummary[];
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
  /** Where the open document's local copy lives (the spec names some: `notepad-title`, `notepad-content`). */
  localKeys: LocalKeys;
  /** How the content is kept locally: as it is (text) or as JSON. */
  codec: "text" | "json";
  /** Debounce of autosave (the spec's 1 s). */
  saveDelayMs?: number;
  /** Retry of a save that could not reach the server. */
  retryMs?: number;
}

/** Under the 64 KB a keepalive request may carry, with room for the JSON around it (UTF-16 chars: ASCII bytes). */
const KEEPALIVE_MAX_CHARS = 48_000;

export const CONFLICT_MESSAGE =
  "This document was changed elsewhere since you opened it. Keep yours (it replaces that copy) or load the latest.";
export const OFFLINE_MESSAGE =
  "Kept on this device: the server cannot be reached. It is sent when the server is back.";

/**
 * An app's documents: the open one kept in localStorage (so the app works offline) and synced
 * with the documents store (autosave after a pause, retry when the server is back, a conflict
 * when the server copy moved on), and the list of all of them to open, create and delete.
 */
export class DocumentSync<T> {
  /** The screens open in this page (two desktop windows of one app): they keep a shared document in step. */
  private static readonly peers = new Set<DocumentSync<unknown>>();
  readonly state;
  private meta: SyncMeta;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> | null = null;
  private edits = 0;
  private disposed = false;
  private readonly onOnline = () => void this.save();
  /** The page is hidden or going away: edits waiting for the pause are sent now, to outlive it. */
  private readonly onLeave = (event: Event) => {
    if (event.type === "visibilitychange" && document.visibilityState !== "hidden") return;
    if (!this.meta.dirty) return;
    // A keepalive request may carry at most 64 KB; a bigger document is sent as usual (it
    // arrives if the page only hid, and is kept here, dirty, if the page went away).
    const { title, content } = this.state.get();
    void this.save(title.length + JSON.stringify(content).length < KEEPALIVE_MAX_CHARS);
  };
  private readonly local: DocumentLocal<T>;

  constructor(private readonly options: DocumentOptions<T>) {
    this.local = new DocumentLocal<T>(options.kind, options.localKeys, options.codec);
    const local = this.local.readOpen({ title: options.defaultTitle, content: options.emptyContent });
    this.meta = local.meta;
    this.state = createStore<DocumentState<T>>({
      id: local.meta.id,
      documents: this.local.readList(),
      title: local.title,
      content: local.content,
      status: "loading",
      message: null,
    });
  }

  /** Starts syncing (the screen opened): reads the server copy, retries when the browser is back online. */
  start(): void {
    DocumentSync.peers.add(this as DocumentSync<unknown>);
    this.disposed = false;
    window.addEventListener("online", this.onOnline);
    window.addEventListener("pagehide", this.onLeave);
    document.addEventListener("visibilitychange", this.onLeave);
    void this.load();
  }

  /** Stops (the screen closed): pending edits are sent once more, then nothing is retried. */
  stop(): void {
    DocumentSync.peers.delete(this as DocumentSync<unknown>);
    void this.save();
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("pagehide", this.onLeave);
    document.removeEventListener("visibilitychange", this.onLeave);
  }

  /** Reads the list and the open document's server copy: adopted unless local edits are pending (then they are sent). */
  private async load(): Promise<void> {
    try {
      const list = await this.refreshList();
      if (this.meta.dirty) return await this.save();
      const newest = list.find((doc) => doc.id === this.meta.id) ?? list[0];
      if (!newest) {
        const { title, content } = this.state.get();
        if (title !== this.options.defaultTitle || content !== this.options.emptyContent) this.markDirty();
        return this.settle("saved");
      }
      const doc = await documentApi.get(newest.id);
      if (this.meta.dirty) return; // edited while loading: the edit wins, its save follows
      this.adopt(doc);
    } catch (err) {
      this.failed(err);
    }
  }

  private async refreshList(): Promise<AppDocumentSummary[]> {
    const list = await documentApi.list(this.options.kind);
    this.local.writeList(list);
    this.state.set((s) => ({ ...s, documents: list }));
    return list;
  }

  /** Keeps the list in step with a document the server just stored. */
  private listed(doc: AppDocument): void {
    const { content: _content, ...summary } = doc;
    const others = this.state.get().documents.filter((d) => d.id !== doc.id);
    const documents = [summary, ...others];
    this.local.writeList(documents);
    this.state.set((s) => ({ ...s, documents }));
  }

  /** Saves the open document's pending edits; false when they could not be (offline, conflict, refused). */
  private async flush(): Promise<boolean> {
    await this.save();
    return !this.meta.dirty;
  }

  /** Opens another of the app's documents (after saving this one); false when this one could not be saved. */
  async open(id: string): Promise<boolean> {
    if (id === this.meta.id) return true;
    if (!(await this.flush())) return false;
    try {
      this.adopt(await documentApi.get(id));
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }

  /** Starts a new document (after saving this one); stored on the server with its first save. */
  async create(): Promise<boolean> {
    if (!(await this.flush())) return false;
    this.meta = { id: null, version: 0, dirty: false };
    this.local.writeMeta(this.meta);
    const { defaultTitle, emptyContent } = this.options;
    this.state.set((s) => ({ ...s, id: null, title: defaultTitle, content: emptyContent }));
    this.markDirty();
    await this.save();
    return true;
  }

  /** Deletes one of the app's documents; the open one gives way to the newest left, or a new one. */
  async remove(id: string): Promise<void> {
    await documentApi.remove(id);
    const documents = this.state.get().documents.filter((d) => d.id !== id);
    this.local.writeList(documents);
    this.state.set((s) => ({ ...s, documents }));
    if (id !== this.meta.id) return;
    this.meta = { id: null, version: 0, dirty: false };
    const next = documents[0];
    if (next && (await this.open(next.id))) return;
    const { defaultTitle, emptyContent } = this.options;
    this.local.writeMeta(this.meta);
    this.state.set((s) => ({ ...s, id: null, title: defaultTitle, content: emptyContent, status: "saved" }));
    this.local.writeOpen(defaultTitle, emptyContent);
  }

  /** Takes a document of this app back from the trash and opens it (Undo after a delete). */
  async restore(id: string): Promise<boolean> {
    await documentApi.restore(id);
    await this.refreshList();
    return this.open(id);
  }

  edit(change: Partial<Pick<DocumentState<T>, "title" | "content">>): void {
    this.state.set((s) => ({ ...s, ...change, status: s.status === "conflict" ? "conflict" : "unsaved" }));
    // Another screen showing this document shows the edit at once (this one saves it).
    for (const peer of this.othersWith(this.meta.id))
      if (!peer.meta.dirty) peer.state.set((s) => ({ ...s, ...(change as object) }));
    this.markDirty();
    if (this.state.get().status === "conflict") return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), this.options.saveDelayMs ?? 1000);
  }

  /**
   * Sends pending edits now (one save at a time; edits made meanwhile are sent after it);
   * `keepalive` as the page goes away.
   */
  async save(keepalive = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.saving) return this.saving;
    if (!this.meta.dirty || this.disposed || this.state.get().status === "conflict") return;
    this.saving = this.send(keepalive).finally(() => {
      this.saving = null;
    });
    return this.saving;
  }

  /**
   * Another tab or device stored (or deleted) one of this app's documents: the list follows, and
   * the open one, when it has no edits of its own here, takes the new version at once (with edits
   * pending, their save merges with it).
   */
  async changedElsewhere(change: {
    documentId: string;
    kind: string;
    version: number | null;
  }): Promise<void> {
    if (change.kind !== this.options.kind || this.disposed) return;
    try {
      await this.refreshList();
      const open = change.documentId === this.meta.id;
      if (!open || change.version === null || change.version <= this.meta.version) return;
      if (this.meta.dirty || this.saving || this.state.get().status === "conflict") return;
      const doc = await documentApi.get(change.documentId);
      if (!this.meta.dirty && !this.saving && doc.version > this.meta.version) this.adopt(doc);
    } catch {
      // Not reachable now: the next save or load catches up.
    }
  }

  /** After a conflict: keep the local copy (it replaces the server's) or take the server's. */
  async resolve(keep: "mine" | "theirs"): Promise<void> {
    if (!this.meta.id) return;
    try {
      const doc = await documentApi.get(this.meta.id);
      if (keep === "theirs") return this.adopt(doc);
      this.meta = { ...this.meta, version: doc.version, dirty: true, base: baseOf(doc) };
      this.local.writeMeta(this.meta);
      this.settle("unsaved");
      await this.save();
    } catch (err) {
      this.failed(err);
    }
  }

  private async send(keepalive = false): Promise<void> {
    const edits = this.edits;
    const { title, content } = this.state.get();
    this.settle("saving");
    try {
      const doc = this.meta.id
        ? await documentApi.update(this.meta.id, this.meta.version, title, content, keepalive)
        : await documentApi.create(this.options.kind, title, content, keepalive);
      this.meta = { id: doc.id, version: doc.version, dirty: this.edits !== edits, base: baseOf(doc) };
      this.local.writeMeta(this.meta);
      this.state.set((s) => ({ ...s, id: doc.id }));
      this.listed(doc);
      // Screens showing it without edits of their own take the stored copy (and its version).
      for (const peer of this.othersWith(doc.id)) if (!peer.meta.dirty) peer.adopt(doc);
      if (this.meta.dirty) {
        this.settle("unsaved");
        this.timer = setTimeout(() => void this.save(), 0);
      } else this.settle("saved");
    } catch (err) {
      this.failed(err, { title, content });
    }
  }

  private failed(err: unknown, sent?: { title: string; content: unknown }): void {
    if (err instanceof HttpError && err.status === 409) {
      if (!this.mergeWith(err.current)) this.settle("conflict", CONFLICT_MESSAGE);
      return;
    }
    if (err instanceof HttpError && err.status === 404 && this.meta.id) {
      // Deleted elsewhere: the local copy becomes a new document.
      this.meta = { id: null, version: 0, dirty: true };
      this.local.writeMeta(this.meta);
      return void this.save();
    }
    if (err instanceof HttpError && err.status < 500) {
      this.settle("error", err.serverMessage ?? err.message);
      return;
    }
    // The server cannot be reached (or failed): kept here, tried again.
    if (sent) {
      this.meta = { ...this.meta, unanswered: baseOf(sent) };
      this.local.writeMeta(this.meta);
    }
    this.settle("offline", OFFLINE_MESSAGE);
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => void (this.meta.dirty ? this.save() : this.load()),
      this.options.retryMs ?? 5000,
    );
  }

  /**
   * A save refused because the server's copy moved on (`current`, from the 409): the local edits
   * and the server's are combined when they do not overlap (other fields, items, lines), and the
   * result is saved on the server's version. False when they overlap: the person decides.
   */
  private mergeWith(current: unknown): boolean {
    const parsed = documentSchema.safeParse(current);
    if (!parsed.success || parsed.data.id !== this.meta.id) return false;
    const theirs = parsed.data;
    const stored = { title: theirs.title, content: theirs.content };
    // What the server moved on to may be this device's own save whose answer was lost.
    const { unanswered } = this.meta;
    const base = unanswered && sameJson(unanswered, stored) ? stored : this.meta.base;
    if (!base) return false;
    const { title, content } = this.state.get();
    const result = mergeThree(base, { title, content: content as unknown }, stored);
    if (!result) return false;
    // The same edits are stored already (a save whose answer was lost): nothing to send.
    if (sameJson(result.merged, stored)) {
      this.adopt(theirs);
      return true;
    }
    this.meta = { id: theirs.id, version: theirs.version, dirty: true, base: baseOf(theirs) };
    this.local.writeMeta(this.meta);
    this.state.set((s) => ({ ...s, title: result.merged.title, content: result.merged.content as T }));
    this.markDirty();
    this.settle("unsaved");
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), 0);
    return true;
  }

  private othersWith(id: string | null): DocumentSync<unknown>[] {
    if (!id) return [];
    return [...DocumentSync.peers].filter(
      (p) =>
        p !== (this as DocumentSync<unknown>) && p.options.kind === this.options.kind && p.meta.id === id,
    );
  }

  private adopt(doc: AppDocument): void {
    this.meta = { id: doc.id, version: doc.version, dirty: false, base: baseOf(doc) };
    this.local.writeMeta(this.meta);
    const content = doc.content as T;
    this.state.set((s) => ({ ...s, id: doc.id, title: doc.title, content, status: "saved", message: null }));
    this.local.writeOpen(doc.title, content);
  }

  /** Records an edit: the open copy on the device, and (once) that it is not on the server yet. */
  private markDirty(): void {
    this.edits += 1;
    const { title, content } = this.state.get();
    this.local.writeOpen(title, content);
    if (this.meta.dirty) return; // the record (with its base copy) is not rewritten per keystroke
    this.meta = { ...this.meta, dirty: true };
    this.local.writeMeta(this.meta);
  }

  private settle(status: SyncStatus, message: string | null = null): void {
    this.state.set((s) => ({ ...s, status, message }));
  }
}
