import type { StreamingReply } from "@neuroos/contracts";
import { and, eq, sql } from "drizzle-orm";
import { onAliveNode } from "../cluster/nodes";
import type { Db } from "../db/client";
import { chatSessions, chatTurns } from "../db/schema";
import { storableText } from "../db/storable";

/** How often the text of a streaming reply is written to its turn's row, at most. */
export const SNAPSHOT_EVERY_MS = 250;

/**
 * The text a turn's reply has streamed so far, written to its `chat_turns` row (the shared
 * database: any node answers it) at most every SNAPSHOT_EVERY_MS, so a browser that loads or
 * reconnects mid-stream gets the whole reply so far, then the frames past it (`at`).
 */
export class ReplySnapshot {
  private messageId: string | null = null;
  private text = "";
  private timer: NodeJS.Timeout | null = null;
  private last = 0;
  /** Writes go one after another: a later one never lands before an earlier one. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly sessionId: string,
  ) {}

  /** Adds streamed text; answers where it starts in its reply (`at` of its chat_token frame). */
  add(messageId: string, text: string): number {
    if (messageId !== this.messageId) {
      this.messageId = messageId;
      this.text = "";
    }
    const at = this.text.length;
    this.text += text;
    this.schedule();
    return at;
  }

  /** The reply was stored (or the turn ends): nothing streams now. */
  clear(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.messageId === null) return this.writing;
    this.messageId = null;
    this.text = "";
    return this.write();
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.last + SNAPSHOT_EVERY_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, wait);
    this.timer.unref?.();
  }

  private write(): Promise<void> {
    this.last = Date.now();
    const replyId = this.messageId;
    const replyText = storableText(this.text);
    this.writing = this.writing
      .then(() =>
        this.db
          .update(chatTurns)
          .set({ replyId, replyText })
          .where(eq(chatTurns.sessionId, this.sessionId))
          .then(() => undefined),
      )
      .catch(() => undefined); // the turn's row went (the turn ended): nothing to show
    return this.writing;
  }
}

/** The reply streaming now in the person's session (on a live node), or null. */
export async function streamingReply(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<StreamingReply | null> {
  const [row] = await db
    .select({ messageId: chatTurns.replyId, text: chatTurns.replyText })
    .from(chatTurns)
    .innerJoin(chatSessions, eq(chatSessions.id, chatTurns.sessionId))
    .where(
      and(
        eq(chatTurns.sessionId, sessionId),
        eq(chatSessions.userId, userId),
        sql`${chatTurns.replyId} is not null`,
        onAliveNode(chatTurns.nodeId),
      ),
    );
  return row?.messageId ? { messageId: row.messageId, text: row.text } : null;
}
