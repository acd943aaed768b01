import { asJson, type ChatMessage } from "@neuroos/contracts";
import type { EngineEvent, EngineReply } from "../agent/engine";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import { ReplySnapshot } from "./reply-snapshot";
import * as chat from "./service";

/** Tool outputs stored for the conversation are cut at this many characters. */
const STORED_OUTPUT_CHARS = 20_000;

/**
 * Chat's side of an engine run: each event stored as the session's messages and published to
 * the user's browsers as live frames.
 */
export class ChatTurnStore {
  /** The reply streaming now, written for browsers that join mid-stream. */
  private readonly snapshot: ReplySnapshot;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly userId: string,
    private readonly sessionId: string,
  ) {
    this.snapshot = new ReplySnapshot(db, sessionId);
  }

  /** Handles one event; answers the message it stored for the conversation, if any. */
  async handle(event: EngineEvent): Promise<ChatMessage | null> {
    const { sessionId } = this;
    switch (event.type) {
      case "text": {
        const at = this.snapshot.add(event.messageId, event.text);
        this.publish({ type: "chat_token", sessionId, messageId: event.messageId, content: event.text, at });
        return null;
      }
      case "reply": {
        const stored = await this.storeReply(event);
        await this.snapshot.clear();
        return stored;
      }
      case "tool_call":
        this.publish({
          type: "tool_call",
          sessionId,
          messageId: event.messageId,
          toolCallId: event.call.id,
          tool: event.call.name,
          input: asJson(event.call.input),
        });
        return null;
      case "notice":
        return this.store("system", event.text, { notice: event.reason, replyId: event.messageId });
      case "approval_needed": // the approvals service asks the person itself
        return null;
      case "tool_output":
        this.publish({
          type: "tool_output",
          sessionId,
          messageId: event.messageId,
          toolCallId: event.call.id,
          stream: event.stream,
          data: event.data,
        });
        return null;
      case "tool_result": {
        const { call, outcome } = event;
        this.publish({
          type: "tool_result",
          sessionId,
          messageId: event.messageId,
          toolCallId: call.id,
          tool: call.name,
          ok: outcome.ok,
          output: asJson(outcome.output),
        });
        return this.store("tool", JSON.stringify(outcome.output).slice(0, STORED_OUTPUT_CHARS), {
          toolCallId: call.id,
          toolName: call.name,
          isError: !outcome.ok,
          ...(outcome.input === undefined ? {} : { input: outcome.input }),
          ...(outcome.approval ? { approval: outcome.approval } : {}),
          ...(event.fallback ? { fallback: true } : {}),
        });
      }
      case "end":
        await this.snapshot.clear();
        if (event.reason === "step_limit")
          return this.store("system", `Stopped: the step limit (${event.maxSteps}) was reached.`, {});
        if (event.error !== undefined) return this.store("assistant", "", { error: event.error });
        return null;
    }
  }

  /** A notice of the turn itself (not the engine's): stored, shown, and in the model's conversation. */
  notice(reason: string, text: string): Promise<ChatMessage> {
    return this.store("system", text, { notice: reason });
  }

  private publish(frame: Parameters<EventBus["publish"]>[1]): void {
    this.bus.publish(this.userId, frame);
  }

  private async store(
    role: "assistant" | "system" | "tool",
    content: string,
    metadata: Record<string, unknown>,
  ) {
    const message = await chat.addMessage(this.db, { sessionId: this.sessionId, role, content, metadata });
    this.publish({ type: "chat_message", sessionId: this.sessionId, message });
    return message;
  }

  /** The reply, stored before the engine goes on (the gateway logged the model call). */
  private async storeReply(reply: EngineReply): Promise<ChatMessage> {
    const { sessionId } = this;
    const { text, toolCalls, meta, executionTime } = reply;
    const message = await chat.addMessage(this.db, {
      id: reply.messageId,
      sessionId,
      role: "assistant",
      content: text,
      metadata: { ...meta, executionTime, ...(toolCalls.length ? { toolCalls } : {}) },
    });
    this.publish({ type: "chat_message", sessionId, message });
    return message;
  }
}
