import type { ChatMessage } from "@neuroos/contracts";

/** A reply being streamed: the text of its chat_token frames so far. */
export interface Draft {
  sessionId: string;
  messageId: string;
  content: string;
  /**
   * Frames that start past the text held (a browser that joined mid-stream, before it read the
   * text so far): kept until a snapshot of the reply fills the gap.
   */
  pending?: readonly { at: number; content: string }[];
}

export type Drafts = ReadonlyMap<string, Draft>;

/**
 * `content` with `text` that starts at `at` in the reply: only what is past the end is added (a
 * frame the text already holds adds nothing); null when it starts past the end (a gap).
 */
export function mergeAt(content: string, at: number, text: string): string | null {
  if (at > content.length) return null;
  return at + text.length <= content.length ? content : content + text.slice(content.length - at);
}

/** `content` with each pending frame that now fits added (in order); those still past a gap kept. */
function settle(content: string, pending: readonly { at: number; content: string }[]) {
  let text = content;
  const left: { at: number; content: string }[] = [];
  for (const frame of [...pending].sort((a, b) => a.at - b.at)) {
    const merged = mergeAt(text, frame.at, frame.content);
    if (merged === null) left.push(frame);
    else text = merged;
  }
  return { content: text, ...(left.length > 0 ? { pending: left } : {}) };
}

/** Adds a chat_token frame's text to its reply's draft (by its offset `at`, when it has one). */
export function appendToken(
  drafts: Drafts,
  frame: { sessionId: string; messageId: string; content: string; at?: number },
): Map<string, Draft> {
  const next = new Map(drafts);
  const draft = next.get(frame.messageId);
  const held = draft?.content ?? "";
  const pending = [...(draft?.pending ?? []), { at: frame.at ?? held.length, content: frame.content }];
  next.set(frame.messageId, {
    sessionId: frame.sessionId,
    messageId: frame.messageId,
    ...settle(held, pending),
  });
  return next;
}

/** Seeds a reply's draft with its text so far (read from the server), then the frames past it. */
export function seedDraft(
  drafts: Drafts,
  sessionId: string,
  reply: { messageId: string; text: string },
): Map<string, Draft> {
  const next = new Map(drafts);
  const draft = next.get(reply.messageId);
  const held = draft?.content ?? "";
  const base = reply.text.length > held.length ? reply.text : held;
  next.set(reply.messageId, { sessionId, messageId: reply.messageId, ...settle(base, draft?.pending ?? []) });
  return next;
}

/** Whether a draft of the session waits for text it missed (a snapshot is read again). */
export const hasGap = (drafts: Drafts, sessionId: string) =>
  [...drafts.values()].some((d) => d.sessionId === sessionId && (d.pending?.length ?? 0) > 0);

/**
 * The branch shown with `message` in it: replaced when its id is there (keeping its versions);
 * a new version of a message there (same parent: an edit sent again, a reply regenerated) takes
 * that message's place and what followed it, its versions those of the message plus itself;
 * else added in time order.
 */
export function upsertMessage(list: readonly ChatMessage[] | undefined, message: ChatMessage): ChatMessage[] {
  const current = list ?? [];
  const at = current.findIndex((m) => m.id === message.id);
  if (at >= 0) {
    const next = current.slice();
    const versions = message.versions ?? current[at]?.versions;
    next[at] = versions ? { ...message, versions } : message;
    return next;
  }
  const sibling = current.findIndex((m) => m.parentId === message.parentId);
  if (sibling >= 0) {
    const old = current[sibling] as ChatMessage;
    const versions = [...(old.versions ?? [old.id]), message.id];
    return [...current.slice(0, sibling), { ...message, versions }];
  }
  const next = [...current, message];
  // Frames arrive in order almost always; keep the list sorted when one does not.
  const last = current.at(-1);
  if (last && last.timestamp > message.timestamp) next.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  return next;
}

/** The session's drafts whose message is not stored yet (a stored message replaces its draft). */
export function pendingDrafts(drafts: Drafts, sessionId: string, stored: readonly ChatMessage[]): Draft[] {
  const result: Draft[] = [];
  let ids: Set<string> | undefined;
  for (const draft of drafts.values()) {
    if (draft.sessionId !== sessionId) continue;
    ids ??= new Set(stored.map((m) => m.id));
    if (!ids.has(draft.messageId)) result.push(draft);
  }
  return result;
}

/** Whether a stored message ends the turn (so the Stop button can go): a final reply or a failure. */
export function endsTurn(message: ChatMessage): boolean {
  if (message.role === "user" || message.role === "tool") return false;
  const calls = message.metadata.toolCalls;
  const callsTools = Array.isArray(calls) && calls.length > 0;
  return !callsTools || Boolean(message.metadata.error) || Boolean(message.metadata.stopped);
}
