import { randomUUID } from "node:crypto";
import type { LlmConfig, User } from "@neuroos/contracts";
import type { GatewayMessage, LlmGateway, PreparedCall, ToolDefinition } from "../llm";
import type { UserLlmAccess } from "../llm/access";
import type { ApprovalDecision, ApprovalSubject } from "./approvals";
import type { EngineEvent, EngineReply, TurnEnd } from "./engine-events";
import { EventChannel } from "./event-channel";
import { TEXT_CONVENTION_TOOLS, textConventionCalls, textConventionInstructions } from "./fenced-code";
import { runToolCall, type ToolCall } from "./tool-call";
import type { AgentTool } from "./tools/types";

export type { EngineEvent, EngineReply, TurnEnd } from "./engine-events";

/** One run of the engine: a conversation, the tools offered, the model settings, a signal. */
export interface EngineRun {
  user: Pick<User, "id" | "plan">;
  /** The conversation the run belongs to (a chat session's id); tools and approvals name it. */
  sessionId: string;
  system: string;
  /**
   * The conversation as the model gets it, asked before each step. The caller records the
   * replies and tool results it is given (and shortens to the window as it sees fit).
   */
  conversation(): GatewayMessage[];
  tools: readonly AgentTool[];
  /**
   * The tools as they are now, asked before each step after the first (an MCP server that says
   * its tools changed offers the new ones on the next step); without it, `tools` throughout.
   */
  toolsNow?: () => Promise<readonly AgentTool[]>;
  config: LlmConfig;
  access?: UserLlmAccess;
  safeMode: boolean;
  maxSteps: number;
  signal: AbortSignal;
  approve(subject: ApprovalSubject, signal: AbortSignal): Promise<ApprovalDecision>;
}

type Emit = (event: EngineEvent) => Promise<void>;

/**
 * The tool loop, for every feature that lets a model act (the console's chat today): the model
 * answers; it may call tools (natively, or by fenced code blocks when the provider has no tool
 * calling), each checked, approved in safe mode, run, until the final answer, the step limit,
 * Stop or an error. It yields events; it stores nothing.
 */
export async function* runEngine(gateway: LlmGateway, run: EngineRun): AsyncGenerator<EngineEvent> {
  const channel = new EventChannel<EngineEvent>();
  const driving = drive(gateway, run, (event) => channel.push(event)).finally(() => channel.close());
  yield* channel.drain();
  await driving;
}

async function drive(gateway: LlmGateway, run: EngineRun, emit: Emit): Promise<void> {
  const { signal, maxSteps } = run;
  const end = (reason: TurnEnd, error?: string) =>
    emit({ type: "end", reason, maxSteps, ...(error === undefined ? {} : { error }) });
  try {
    const call = await gateway.prepare(run.user.id, run.config, run.access);
    const native = run.tools.length > 0 && gateway.supportsTools(call);
    // Without tool calling, the tools usable by a convention in the text (code blocks, lines).
    const conventions = new Set(
      native ? [] : run.tools.map((tool) => tool.name).filter((name) => TEXT_CONVENTION_TOOLS.has(name)),
    );
    const fallback = conventions.size > 0;
    const system = [run.system, textConventionInstructions(conventions)].filter(Boolean).join("\n\n");
    let tools = run.tools;
    let definitions = native ? toolDefinitions(tools) : undefined;
    for (let step = 1; ; step++) {
      if (step > maxSteps) return await end("step_limit");
      if (step > 1 && run.toolsNow) {
        tools = await run.toolsNow();
        definitions = native ? toolDefinitions(tools) : undefined;
      }
      const messages: GatewayMessage[] = [
        ...(system ? [{ role: "system" as const, content: system }] : []),
        ...run.conversation(),
      ];
      const reply = await streamStep(gateway, { run, call, messages, tools: definitions }, emit);
      await emit({ type: "reply", ...reply });
      if (reply.error) return await end(signal.aborted ? "stopped" : "error");
      const calls: ToolCall[] = native
        ? reply.toolCalls
        : fallback
          ? textConventionCalls(reply.text, conventions)
          : [];
      const notice = async () => {
        if (reply.cutShort) await emit(cutShortNotice(reply.messageId, run.access?.preferences.maxTokens));
      };
      if (calls.length === 0) {
        await notice();
        return await end("done");
      }
      for (const toolCall of calls) {
        if (signal.aborted) break;
        await emit({ type: "tool_call", messageId: reply.messageId, call: toolCall });
        const outcome = await runToolCall({
          user: run.user,
          sessionId: run.sessionId,
          messageId: reply.messageId,
          call: toolCall,
          tools,
          safeMode: run.safeMode,
          signal,
          approve: async (subject) => {
            await emit({ type: "approval_needed", ...subject });
            return run.approve(subject, signal);
          },
          onOutput: (stream, data) =>
            void emit({ type: "tool_output", messageId: reply.messageId, call: toolCall, stream, data }),
        });
        await emit({
          type: "tool_result",
          messageId: reply.messageId,
          call: toolCall,
          outcome,
          fallback: !native,
        });
      }
      await notice();
      if (signal.aborted) return await end("stopped");
    }
  } catch (err) {
    if (signal.aborted) return await end("stopped");
    await end("error", err instanceof Error ? err.message : String(err));
  }
}

/** One model call, streamed as text events; the reply whatever happens. */
async function streamStep(
  gateway: LlmGateway,
  step: {
    run: EngineRun;
    /** The call as the turn prepared it (the same for every step). */
    call: PreparedCall;
    messages: GatewayMessage[];
    tools: Record<string, ToolDefinition> | undefined;
  },
  emit: Emit,
): Promise<EngineReply> {
  const { run, call, messages, tools } = step;
  const { signal } = run;
  const messageId = randomUUID();
  const started = Date.now();
  let text = "";
  const toolCalls: ToolCall[] = [];
  let meta: Record<string, unknown> = {};
  let error: string | undefined;
  try {
    const origin = { feature: "chat", sessionId: run.sessionId };
    const request = { userId: run.user.id, messages, config: run.config, signal, origin, prepared: call };
    const events = tools ? gateway.streamChat({ ...request, tools }) : gateway.streamChat(request);
    for await (const event of events) {
      if (event.type === "text") {
        text += event.text;
        void emit({ type: "text", messageId, text: event.text });
      } else if (event.type === "tool-call") {
        toolCalls.push({ id: event.id, name: event.name, input: event.input });
      } else {
        meta = {
          model: event.model,
          provider: event.provider,
          tokenCount: event.tokenCount,
          promptTokens: event.usage.promptTokens ?? undefined,
          finishReason: event.finishReason,
          ...(event.finishReason === "length" ? { cutShort: "token_limit" } : {}),
        };
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
  const last = messages.at(-1);
  const prompt = last && "content" in last ? last.content : "";
  const cutShort = meta.cutShort === "token_limit" ? ("token_limit" as const) : undefined;
  return { messageId, text, toolCalls, meta, error, cutShort, executionTime: Date.now() - started, prompt };
}

/** The words for a reply the token limit cut: for the person, and for the model's next step. */
function cutShortNotice(messageId: string, maxTokens: number | undefined): EngineEvent {
  const limit = maxTokens ? ` of ${maxTokens} tokens` : "";
  return {
    type: "notice",
    messageId,
    reason: "token_limit",
    text: `The answer was cut short: it reached the token limit${limit} (Max tokens in Settings). Anything after that point, an unfinished tool call included, was lost.`,
  };
}

/** Each tool's definition for the model, made once per tool. */
const definitions = new WeakMap<AgentTool, ToolDefinition>();

function toolDefinitions(tools: readonly AgentTool[]): Record<string, ToolDefinition> {
  return Object.fromEntries(
    tools.map((tool) => {
      let definition = definitions.get(tool);
      if (!definition) {
        const { $schema: _, ...schema } = (tool.jsonSchema ?? tool.input.toJSONSchema()) as Record<
          string,
          unknown
        >;
        definition = { description: tool.description, inputSchema: schema as ToolDefinition["inputSchema"] };
        definitions.set(tool, definition);
      }
      return [tool.name, definition];
    }),
  );
}
