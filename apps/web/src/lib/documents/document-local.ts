import type { AppDocumentSummary } from "@neuroos/contracts";

/** What the device knows of the open document beyond its text: its id, version, pending edits. */
export interface SyncMeta {
  id: string | null;
  version: number;
  /** Local edits the server has not acknowledged. */
  dirty: boolean;
  /**
   * The server's copy at `version` (what the local edits started from), for merging them with a
   * newer one; absent for a document too large to keep twice.
   */
  base?: { title: string; content: unknown };
  /** The last save sent that got no answer: the server may have stored it (a later 409 tells). */
  unanswered?: { title: string; content: unknown };
}

/** Documents up to this size (as JSON) keep their base copy on the device for merging. */
const BASE_MAX_CHARS = 256 * 1024;

/** The base to keep for a stored copy, or none when it is too large. */
export function baseOf(doc: { title: string; content: unknown }): SyncMeta["base"] {
  return JSON.stringify(doc.content).length + doc.title.length <= BASE_MAX_CHARS
    ? { title: doc.title, content: doc.content }
    : undefined;
}

export interface LocalKeys {
  title: string;
  content: string;
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the server copy still gets the edit.
  }
};

/**
 * The device's copy of one app's documents: the open one (title, content, sync meta) and the
 * list of all of them, so the app opens and edits offline.
 */
export class DocumentLocal<T> {
  constructor(
    private readonly kind: string,
    private readonly keys: LocalKeys,
    private readonly codec: "text" | "json",
  ) {}

  readOpen(defaults: { title: string; content: T }): { title: string; content: T; meta: SyncMeta } {
    const raw = read(this.keys.content);
    let content = defaults.content;
    if (raw !== null) {
      try {
        content = this.codec === "text" ? (raw as T) : (JSON.parse(raw) as T);
      } catch {}
    }
    let meta: SyncMeta = { id: null, version: 0, dirty: false };
    try {
      meta = { ...meta, ...JSON.parse(read(this.metaKey) ?? "{}") };
    } catch {}
    return { title: read(this.keys.title) ?? defaults.title, content, meta };
  }

  writeOpen(title: string, content: T): void {
    write(this.keys.title, title);
    write(this.keys.content, this.codec === "text" ? String(content) : JSON.stringify(content));
  }

  /** With the keys of the open copy, so lib/device-owner.ts can keep unsynced edits at sign-out. */
  writeMeta(meta: SyncMeta): void {
    write(this.metaKey, JSON.stringify({ ...meta, keys: this.keys }));
  }

  readList(): AppDocumentSummary[] {
    try {
      const list = JSON.parse(read(this.listKey) ?? "[]");
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  writeList(list: AppDocumentSummary[]): void {
    write(this.listKey, JSON.stringify(list));
  }

  private get metaKey(): string {
    return `neuroos-document-${this.kind}`;
  }

  private get listKey(): string {
    return `neuroos-documents-${this.kind}`;
  }
}
