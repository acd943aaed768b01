import { appendToken, type Draft, type Drafts, seedDraft } from "./chat-state";

/**
 * Replies being streamed. Tokens are taken in as they come; readers see a new snapshot at
 * most once per animation frame, so streamed markdown is re-rendered at most once per frame.
 */
export class DraftStore {
  private working: Map<string, Draft> = new Map();
  private snapshot: Drafts = this.working;
  private scheduled: number | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): Drafts => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  append(frame: { sessionId: string; messageId: string; content: string; at?: number }): void {
    this.working = appendToken(this.working, frame);
    this.schedule();
  }

  /** A reply's text so far, read from the server (a load or a reconnect mid-stream). */
  seed(sessionId: string, reply: { messageId: string; text: string }): void {
    this.working = seedDraft(this.working, sessionId, reply);
    this.schedule();
  }

  /** The drafts as taken in (not waiting for the next frame). */
  current = (): Drafts => this.working;

  /** Forgets a draft (its stored message arrived); readers filter stored ids anyway. */
  drop(messageId: string): void {
    if (!this.working.has(messageId)) return;
    this.working = new Map(this.working);
    this.working.delete(messageId);
    this.schedule();
  }

  dispose(): void {
    if (this.scheduled !== null) cancelAnimationFrame(this.scheduled);
    this.scheduled = null;
  }

  private schedule(): void {
    if (this.scheduled !== null) return;
    this.scheduled = requestAnimationFrame(() => {
      this.scheduled = null;
      this.snapshot = this.working;
      for (const listener of this.listeners) listener();
    });
  }
}
