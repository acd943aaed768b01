import { randomUUID } from "node:crypto";
import type { Agent, ChatMessage, ChatSession, LlmConfig, User } from "@neuroos/contracts";
import { getAgent } from "../agents/service";
import { toGatewayMessages } from "../chat/history";
import * as chat from "../chat/service";
import type { Db } from "../db/client";
import type { ExecutionService } from "../executions/service";
import type { EventBus } from "../live/bus";
import type { GatewayMessage, LlmGateway, ToolDefinition } from "../llm";
import { announceExecution } from "../logs/service";
import type { WorkspaceService } from "../workspace/service";
import type { Approvals } from "./approvals";
import { FENCED_CODE_INSTRUCTIONS, fencedCodeCalls } from "./fenced-code";
import { runToolCall, type ToolCall } from "./tool-call";
import { agentTools } from "./tools";

export interface LoopDeps {
  db: Db;
  bus: EventBus;
  gateway: LlmGateway;
  approvals: Approvals;
  executions: ExecutionService;
  workspaces: WorkspaceService;
  maxSteps: number;
}

export type TurnEnd = "done" | "stopped" | "step_limit" | "error";

/** Each tool's definition for the model, made once (the tools are fixed). */
const definitions = new Map<string, ToolDefinition>();

function toolDefinitions(agent: Agent): Record<string, ToolDefinition> {
  return Object.fromEntries(
    agent.tools.map((name) => {
      let definition = definitions.get(name);
      if (!definition) {
        const tool = agentTools[name];
        const { $schema: _, ...schema } = tool.input.toJSONSchema() as Record<string, unknown>;
        definition = { description: tool.description, inputSchema: schema as ToolDefinition["inputSchema"] };
        definitions.set(name, definition);
      }
      return [name, definition];
    }),
  );
}

/**
 * One turn of a console session: the model answers the stored conversation; with an agent,
 * it may call tools (natively, or by fenced code blocks when the provider has no tool calling),
 * each checked, approved in safe mode, run, stored and streamed, until the final answer, the
 * step limit, Stop or an error.
 */
export async function runTurn(
  deps: LoopDeps,
  input: { user: Pick<User, "id" | "plan">; session: ChatSession; signal: AbortSignal },
): Promise<TurnEnd> {
  const { db, bus, gateway } = deps;
  const { user, session, signal } = input;
  const sessionId = session.id;
  const agent = session.agentId ? await getAgent(db, user.id, session.agentId).catch(() => null) : null;
  const status = (state: "running" | "done" | "stopped" | "error", detail: string) => {
    if (agent) bus.publish(user.id, { type: "agent_status", sessionId, state, detail });
  };
  const config: LlmConfig = {
    provider: agent?.provider ?? undefined,
    model: agent?.model ?? undefined,
    temperature: agent?.temperature,
  };
  let end: TurnEnd = "done";
  try {
    const access = await gateway.access(user.id);
    const call = await gateway.prepare(user.id, config, access);
    const withTools = agent !== null && agent.tools.length > 0;
    const native = withTools && gateway.supportsTools(call);
    const fallback = withTools && !native && agent.tools.includes("run_code");
    const safeMode = access.preferences.safeMode || (agent?.safeMode ?? true);
    const system = [agent?.systemPrompt, fallback ? FENCED_CODE_INSTRUCTIONS : ""]
      .filter(Boolean)
      .join("\n\n");
    status("running", agent ? `${agent.name} is working` : "");

    const tools = native && agent ? toolDefinitions(agent) : undefined;
    // The conversation is read once; the turn appends what it stores.
    const history = await chat.messagesOf(db, sessionId); // the session was checked as the user's
    const keep = (message: ChatMessage) => history.push(message);
    for (let step = 1; ; step++) {
      if (step > deps.maxSteps) {
        end = "step_limit";
        await store(
          deps,
          user.id,
          sessionId,
          "system",
          `Stopped: the step limit (${deps.maxSteps}) was reached.`,
          {},
        );
        break;
      }
      const messages: GatewayMessage[] = [
        ...(system ? [{ role: "system" as const, content: system }] : []),
        ...toGatewayMessages(history),
      ];
      const reply = await streamStep(deps, user.id, sessionId, messages, config, signal, tools);
      keep(reply.message);
      const calls: ToolCall[] = native ? reply.toolCalls : fallback ? fencedCodeCalls(reply.text) : [];
      if (reply.error) {
        end = signal.aborted ? "stopped" : "error";
        break;
      }
      if (calls.length === 0) break;
      for (const toolCall of calls) {
        if (signal.aborted) break;
        const result = await runToolCall(deps, {
          user,
          sessionId,
          messageId: reply.messageId,
          call: toolCall,
          safeMode,
          allowed: agent?.tools ?? [],
          signal,
        });
        keep(
          await store(deps, user.id, sessionId, "tool", JSON.stringify(result.output).slice(0, 20_000), {
            toolCallId: toolCall.id,
            toolName: toolCall.name,
            isError: !result.ok,
            ...(result.input === undefined ? {} : { input: result.input }),
            ...(result.approval ? { approval: result.approval } : {}),
            ...(native ? {} : { fallback: true }),
          }),
        );
      }
      if (signal.aborted) {
        end = "stopped";
        break;
      }
    }
  } catch (err) {
    end = signal.aborted ? "stopped" : "error";
    const message = err instanceof Error ? err.message : String(err);
    if (!signal.aborted) await store(deps, user.id, sessionId, "assistant", "", { error: message });
  }
  if (end === "stopped") status("stopped", "Stopped");
  else if (end === "step_limit") status("stopped", `Step limit (${deps.maxSteps}) reached`);
  else if (end === "error") status("error", "The model call failed");
  else status("done", "Done");
  return end;
}

async function store(
  deps: LoopDeps,
  userId: string,
  sessionId: string,
  role: "assistant" | "system" | "tool",
  content: string,
  metadata: Record<string, unknown>,
  id?: string,
) {
  const message = await chat.addMessage(deps.db, { id, sessionId, role, content, metadata });
  deps.bus.publish(userId, { type: "chat_message", sessionId, message });
  return message;
}

/** One model call, streamed to the console; the reply is stored whatever happens. */
async function streamStep(
  deps: LoopDeps,
  userId: string,
  sessionId: string,
  messages: GatewayMessage[],
  config: LlmConfig,
  signal: AbortSignal,
  tools: Record<string, ToolDefinition> | undefined,
) {
  const messageId = randomUUID();
  const started = Date.now();
  let text = "";
  const toolCalls: ToolCall[] = [];
  let meta: Record<string, unknown> = {};
  let error: string | undefined;
  try {
    const request = { userId, messages, config, signal };
    const events = tools ? deps.gateway.streamChat({ ...request, tools }) : deps.gateway.streamChat(request);
    for await (const event of events) {
      if (event.type === "text") {
        text += event.text;
        deps.bus.publish(userId, { type: "chat_token", sessionId, messageId, content: event.text });
      } else if (event.type === "tool-call") {
        toolCalls.push({ id: event.id, name: event.name, input: event.input });
      } else {
        meta = { model: event.model, provider: event.provider, tokenCount: event.tokenCount };
      }
    }
    if (signal.aborted) {
      meta.stopped = true;
      error = "stopped";
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    meta.error = error;
  }
  const executionTime = Date.now() - started;
  // The reply and its log entry are stored in one statement before the loop goes on.
  const { message, log } = await chat.addMessageWithLog(
    deps.db,
    {
      id: messageId,
      sessionId,
      role: "assistant",
      content: text,
      metadata: { ...meta, executionTime, ...(toolCalls.length ? { toolCalls } : {}) },
    },
    {
      userId,
      sessionId,
      type: "llm_interaction",
      command: lastText(messages).slice(0, 500),
      result: error ?? text.slice(0, 500),
      status: error === "stopped" ? "warning" : error ? "error" : "success",
      metadata: { ...meta, executionTime, toolCalls: toolCalls.length },
    },
  );
  deps.bus.publish(userId, { type: "chat_message", sessionId, message });
  announceExecution(deps.bus, userId, log);
  return { messageId, message, text, toolCalls, error };
}

const lastText = (messages: GatewayMessage[]): string => {
  const last = messages.at(-1);
  return last && "content" in last ? last.content : "";
};
