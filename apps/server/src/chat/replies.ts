import {
  type ChatAttachment,
  type ChatSession,
  type ClientFrame,
  DEFAULT_SESSION_TITLE,
  type FilePassage,
  type McpResourceContent,
  type ServerFrame,
  type User,
} from "@neuroos/contracts";
import { getAgent } from "../agents/service";
import type { Cluster } from "../cluster/cluster";
import type { NodeRegistry } from "../cluster/nodes";
import { AppError } from "../http/errors";
import type { FrameRouter } from "../live/frame-router";
import { filePassages } from "../vector/file-passages";
import type { VectorService } from "../vector/service";
import { attachmentsOf, readAttachments } from "./attachments";
import { answerAgain, editedMessage, undoAnswerAgain } from "./message-actions";
import { type LostTurn, type RunningTurn, RunningTurns } from "./running-turns";
import * as chat from "./service";
import { type ChatTurnDeps, runTurn } from "./turn";
import { type ModelChoice, turnModelOf } from "./turn-model";
import { ChatTurnStore } from "./turn-store";

const TITLE_LENGTH = 60;
/** Passages sent with a message for "Search my files". */
const MESSAGE_PASSAGES = 6;
/** What the person is told of a turn whose server node died before it finished. */
export const NODE_LOST_TEXT = "The server running this reply stopped before it finished.";

/** A resource the person attached to a message: which server of theirs, which uri. */
export type ResourceRef = NonNullable<Extract<ClientFrame, { type: "chat_message" }>["resources"]>[number];

export interface ChatRepliesDeps extends ChatTurnDeps {
  /** Reads a resource of one of the person's MCP servers (refusing unknown ones and oversize). */
  resources?: { read(userId: string, serverId: string, uri: string): Promise<McpResourceContent> };
  /** The person's file index (built on first use), for a message sent with "Search my files". */
  fileSearch?: Pick<VectorService, "search">;
  /** This node among the others: Stop reaches the node running a turn; a dead node's turns fail. */
  cluster: Pick<Cluster, "nodeId" | "broadcast" | "onSignal">;
  nodes: Pick<NodeRegistry, "onSweep" | "onRevived">;
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
 * stored messages. `chat_stop` ends it (and kills a running job), from any node. A turn whose
 * node dies is marked failed by the nodes still alive.
 */
export class ChatReplies {
  private readonly turns: RunningTurns;

  constructor(private readonly deps: ChatRepliesDeps) {
    // Judged dead by the others, who told the users these turns failed: they stop here too.
    this.turns = new RunningTurns(deps.db, deps.cluster, deps.nodes, (lost) => this.failTurns(lost));
  }

  register(router: FrameRouter): void {
    router.on("chat_message", (ctx, frame) =>
      this.send(ctx.user, frame.sessionId, frame.content, {
        resources: frame.resources ?? [],
        searchFiles: frame.searchFiles === true,
        attachments: frame.attachments ?? [],
        ...(frame.editOf ? { editOf: frame.editOf } : {}),
      }),
    );
    router.on("chat_regenerate", (ctx, frame) =>
      this.regenerate(ctx.user, frame.sessionId, frame.messageId, {
        provider: frame.provider ?? null,
        model: frame.model ?? null,
      }),
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
   * Stores the message (with its resources, read now, and with "Search my files" the passages
   * found for it) and starts the turn; resolves once the message is stored. A resource that
   * cannot be read, or files that cannot be searched, refuse the whole message. `editOf`: a user
   * message of the session this one is a new version of (stored beside it, the old branch kept).
   */
  async send(
    user: Pick<User, "id" | "plan">,
    sessionId: string,
    content: string,
    options: {
      resources?: readonly ResourceRef[];
      searchFiles?: boolean;
      attachments?: readonly string[];
      editOf?: string;
    } = {},
  ): Promise<void> {
    const { db, bus } = this.deps;
    const session = await chat.getSession(db, user.id, sessionId);
    const turn = await this.claim(user.id, session);
    try {
      // An edit sent again is a new version beside the message (same parent), with its files
      // unless others are sent.
      const edited = options.editOf ? await editedMessage(db, sessionId, options.editOf) : undefined;
      const parentId = edited ? edited.parentId : undefined;
      const isFirst =
        session.title === DEFAULT_SESSION_TITLE &&
        (await chat.listMessages(db, user.id, sessionId)).length === 0;
      const resources = await this.readResources(user.id, options.resources ?? []);
      const passages = options.searchFiles ? await this.searchFiles(user.id, content) : undefined;
      const attachments = options.attachments?.length
        ? await this.readAttachments(user, session, options.attachments)
        : edited
          ? attachmentsOf(edited)
          : [];
      const metadata = {
        ...(resources.length > 0 ? { resources } : {}),
        ...(passages ? { passages } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      const message = await chat.addUserMessage(db, {
        sessionId,
        content,
        metadata,
        ...(parentId === undefined ? {} : { parentId }),
      });
      bus.publish(user.id, { type: "chat_message", sessionId, message });
      this.run(user, session, turn, undefined, async () => {
        if (!isFirst) return;
        const titled = await chat.updateSession(db, user.id, sessionId, { title: titleFrom(content) });
        bus.publish(user.id, { type: "session_updated", session: titled });
      });
    } catch (err) {
      await turn.end();
      throw err;
    }
  }

  /**
   * Answers again the user message the reply `messageId` answered (its branch shown from there),
   * with `model` for this turn when given: the new reply is a version beside the old one.
   * Resolves once the turn has started.
   */
  async regenerate(
    user: Pick<User, "id" | "plan">,
    sessionId: string,
    messageId: string,
    model: ModelChoice = {},
  ): Promise<void> {
    const { db, bus } = this.deps;
    const session = await chat.getSession(db, user.id, sessionId);
    const turn = await this.claim(user.id, session);
    try {
      const again = await answerAgain(db, sessionId, messageId);
      bus.publish(user.id, { type: "messages_changed", sessionId });
      // Stopped before anything was stored, the old reply is shown again.
      this.run(user, session, turn, model, async () => {
        if (await undoAnswerAgain(db, sessionId, again))
          bus.publish(user.id, { type: "messages_changed", sessionId });
      });
    } catch (err) {
      await turn.end();
      throw err;
    }
  }

  /**
   * Runs `change` while the session is held as a turn would hold it (no reply starts meanwhile,
   * on any node); refused (409) while a reply runs. The person's browsers are told after.
   */
  async whileIdle<T>(userId: string, sessionId: string, change: () => Promise<T>): Promise<T> {
    const session = await chat.getSession(this.deps.db, userId, sessionId);
    const turn = await this.claim(userId, session, false);
    try {
      const result = await change();
      this.deps.bus.publish(userId, { type: "messages_changed", sessionId });
      return result;
    } finally {
      await turn.end();
    }
  }

  private async claim(userId: string, session: ChatSession, agent = session.agentId !== null) {
    const turn = await this.turns.start(userId, session.id, agent);
    if (!turn) throw new AppError(409, "conflict", "A reply is still streaming in this session");
    return turn;
  }

  /** Runs a claimed turn in the background; `after` once the session is free again. */
  private run(
    user: Pick<User, "id" | "plan">,
    session: ChatSession,
    turn: RunningTurn,
    model: ModelChoice | undefined,
    after?: () => Promise<void>,
  ): void {
    // The session takes a new message as soon as the reply is done (before the browsers are
    // told so), not after the title.
    let ended: Promise<void> | undefined;
    const release = () => {
      ended ??= turn.end().then(() => undefined);
      return ended;
    };
    void runTurn(this.deps, {
      user,
      session,
      signal: turn.controller.signal,
      release,
      ...(model ? { model } : {}),
    })
      .catch(() => {})
      .then(release)
      .then(after)
      .catch(() => {});
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

  /** The workspace files sent with a message, read for the model the turn will answer with. */
  private async readAttachments(
    user: Pick<User, "id" | "plan">,
    session: ChatSession,
    paths: readonly string[],
  ): Promise<ChatAttachment[]> {
    if (paths.length === 0) return [];
    const { db, gateway, files } = this.deps;
    const agent = session.agentId ? await getAgent(db, user.id, session.agentId).catch(() => null) : null;
    const target = turnModelOf(gateway, await gateway.access(user.id), session, agent);
    return readAttachments(files, user, paths, target);
  }

  private async searchFiles(userId: string, query: string): Promise<FilePassage[]> {
    const search = this.deps.fileSearch;
    if (!search) throw new AppError(400, "bad_request", "Files cannot be searched here");
    return filePassages(search, userId, query.slice(0, 1000), MESSAGE_PASSAGES).catch((err: unknown) => {
      const reason = err instanceof AppError ? err.message : "the search index is unavailable";
      throw new AppError(503, "service_unavailable", `Your files could not be searched: ${reason}`);
    });
  }

  /** The user's turns still running (on any node) and the questions they wait on, as live frames. */
  async inProgress(userId: string): Promise<ServerFrame[]> {
    const [sessions, questions] = await Promise.all([
      this.turns.agentSessions(userId),
      this.deps.approvals.waitingFor(userId),
    ]);
    const running = sessions.map(
      (sessionId): ServerFrame => ({
        type: "agent_status",
        sessionId,
        state: "running",
        detail: "The agent is working",
      }),
    );
    return [...running, ...questions];
  }

  stop(userId: string, sessionId: string): void {
    this.turns.stop(userId, sessionId);
  }

  /** Stops every turn of this node and waits until they have ended (shutdown). */
  close(): Promise<void> {
    return this.turns.close();
  }

  /** The turns of nodes that died: stored as failed and the user's browsers told. */
  private async failTurns(lost: LostTurn[]): Promise<void> {
    const { db, bus, maxSteps } = this.deps;
    for (const { key: sessionId, userId, agent } of lost) {
      const store = new ChatTurnStore(db, bus, userId, sessionId);
      await store
        .handle({ type: "end", reason: "error", maxSteps, error: NODE_LOST_TEXT })
        .then(() => {
          if (agent)
            bus.publish(userId, { type: "agent_status", sessionId, state: "error", detail: NODE_LOST_TEXT });
        })
        .catch(() => {}); // the session was deleted meanwhile
    }
  }
}
