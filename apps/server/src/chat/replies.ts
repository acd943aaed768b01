import {
  type ClientFrame,
  DEFAULT_SESSION_TITLE,
  type McpResourceContent,
  type ServerFrame,
  type User,
} from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { FrameRouter } from "../live/frame-router";
import * as chat from "./service";
import { type ChatTurnDeps, runTurn } from "./turn";

const TITLE_LENGTH = 60;

/** A resource the person attached to a message: which server of theirs, which uri. */
export type ResourceRef = NonNullable<Extract<ClientFrame, { type: "chat_message" }>["resources"]>[number];

export interface ChatRepliesDeps extends ChatTurnDeps {
  /** Reads a resource of one of the person's MCP servers (refusing unknown ones and oversize). */
  resources?: { read(userId: string, serverId: string, uri: string): Promise<McpResourceContent> };
}

/** A session title from the first message: its first line, cut at a word near 60 characters. */
export function titleFrom(content: string): string {
  const line = content.trim().split("\n")[0]?.trim() ?? "";
  if (line.length <= TITLE_LENGTH) return line || DEFAULT_SESSION_TITLE;
  const cut = line.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${cut.slice(0, space > 30 ? space : TITLE_LENGTH).trimEnd()}…`;
}

/**
 * The console's chat: a `chat_message` frame stores the user's message and starts a turn
 * (plain chat, or the session's agent with its tools), streamed to every browser of the user.
 * The turn runs on the server, not on the socket: a browser that reconnects fetches the
 * stored messages. `chat_stop` ends it (and kills a running job).
 */
export class ChatReplies {
  /** Turns running, by `userId:sessionId`; agent turns also report their state (agent_status). */
  private readonly running = new Map<string, AbortController>();
  private readonly agentTurns = new Set<string>();

  constructor(private readonly deps: ChatRepliesDeps) {}

  register(router: FrameRouter): void {
    router.on("chat_message", (ctx, frame) =>
      this.send(ctx.user, frame.sessionId, frame.content, frame.resources ?? []),
    );
    router.on("chat_stop", (ctx, frame) => this.stop(ctx.user.id, frame.sessionId));
    router.on("approval_response", async (ctx, frame) => {
      const { approvalId, approved, input } = frame;
      if (!(await this.deps.approvals.answer(ctx.user.id, approvalId, approved, input))) {
        throw new AppError(404, "not_found", "No such approval is waiting");
      }
    });
  }

  /**
   * Stores the message (with its resources, read now) and starts the turn; resolves once the
   * message is stored. A resource that cannot be read refuses the whole message.
   */
  async send(
    user: Pick<User, "id" | "plan">,
    sessionId: string,
    content: string,
    resourceRefs: readonly ResourceRef[] = [],
  ): Promise<void> {
    const { db, bus } = this.deps;
    const session = await chat.getSession(db, user.id, sessionId);
    const key = `${user.id}:${sessionId}`;
    if (this.running.has(key))
      throw new AppError(409, "conflict", "A reply is still streaming in this session");
    const controller = new AbortController();
    this.running.set(key, controller);
    if (session.agentId) this.agentTurns.add(key);
    try {
      const isFirst =
        session.title === DEFAULT_SESSION_TITLE &&
        (await chat.listMessages(db, user.id, sessionId)).length === 0;
      const resources = await this.readResources(user.id, resourceRefs);
      const metadata = resources.length > 0 ? { resources } : {};
      const message = await chat.addUserMessage(db, { sessionId, content, metadata });
      bus.publish(user.id, { type: "chat_message", sessionId, message });
      void runTurn(this.deps, { user, session, signal: controller.signal })
        .catch(() => {})
        .finally(() => {
          // The session takes a new message as soon as the reply is done, not after the title.
          this.running.delete(key);
          this.agentTurns.delete(key);
        })
        .then(async () => {
          if (!isFirst) return;
          const titled = await chat.updateSession(db, user.id, sessionId, { title: titleFrom(content) });
          bus.publish(user.id, { type: "session_updated", session: titled });
        })
        .catch(() => {});
    } catch (err) {
      this.running.delete(key);
      this.agentTurns.delete(key);
      throw err;
    }
  }

  private async readResources(userId: string, refs: readonly ResourceRef[]): Promise<McpResourceContent[]> {
    if (refs.length === 0) return [];
    const reader = this.deps.resources;
    if (!reader) throw new AppError(400, "bad_request", "Resources cannot be attached here");
    const unique = refs.filter(
      (ref, i) => refs.findIndex((r) => r.serverId === ref.serverId && r.uri === ref.uri) === i,
    );
    return Promise.all(unique.map((ref) => reader.read(userId, ref.serverId, ref.uri)));
  }

  /** The user's turns still running and the questions they wait on, as live frames. */
  async inProgress(userId: string): Promise<ServerFrame[]> {
    const running: ServerFrame[] = [...this.agentTurns]
      .filter((key) => key.startsWith(`${userId}:`))
      .map((key) => ({
        type: "agent_status",
        sessionId: key.slice(userId.length + 1),
        state: "running",
        detail: "The agent is working",
      }));
    return [...running, ...(await this.deps.approvals.waitingFor(userId))];
  }

  stop(userId: string, sessionId: string): void {
    this.running.get(`${userId}:${sessionId}`)?.abort();
  }

  /** Stops every turn and waits until they have ended (shutdown). */
  async close(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }
}
