import { randomUUID } from "node:crypto";
import type { LlmUsage } from "@neuroos/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
import type { LlmEvent } from "../llm";
import { LlmError } from "../llm/errors";
import { openEventStream, sseLine, writeDrained } from "../llm/sse";
import { openAiErrorOf } from "./errors";

/** What every chunk and answer of one completion carries. */
export interface CompletionMeta {
  id: string;
  created: number;
  /** The model id as the client asked for it (`agent:Interpreter`, `openai/gpt-4o`). */
  model: string;
}

export const completionMeta = (model: string): CompletionMeta => ({
  id: `chatcmpl-${randomUUID().replaceAll("-", "")}`,
  created: Math.floor(Date.now() / 1000),
  model,
});

interface OpenAiToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

const toolCallOf = (event: Extract<LlmEvent, { type: "tool-call" }>): OpenAiToolCall => ({
  id: event.id,
  type: "function",
  function: {
    name: event.name,
    arguments: typeof event.input === "string" ? event.input : JSON.stringify(event.input ?? {}),
  },
});

/** The gateway's finish reason (the AI SDK's) as OpenAI's; a reply that called tools ends in `tool_calls`. */
function finishReasonOf(reason: string, calledTools: boolean): string {
  if (calledTools || reason === "tool-calls") return "tool_calls";
  if (reason === "length") return "length";
  if (reason === "content-filter") return "content_filter";
  return "stop";
}

const usageOf = (usage: LlmUsage) => ({
  prompt_tokens: usage.promptTokens ?? 0,
  completion_tokens: usage.completionTokens ?? 0,
  total_tokens: usage.totalTokens ?? (usage.promptTokens ?? 0) + (usage.completionTokens ?? 0),
});

/** The whole answer (`stream: false`): the gateway's events gathered into one chat.completion. */
export async function wholeCompletion(events: AsyncIterable<LlmEvent>, meta: CompletionMeta) {
  let content = "";
  const toolCalls: OpenAiToolCall[] = [];
  let done: Extract<LlmEvent, { type: "done" }> | undefined;
  for await (const event of events) {
    if (event.type === "text") content += event.text;
    else if (event.type === "tool-call") toolCalls.push(toolCallOf(event));
    else done = event;
  }
  // The client left (the gateway ends its stream without 'done'): nobody reads an answer.
  if (!done) return null;
  return {
    id: meta.id,
    object: "chat.completion" as const,
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant" as const,
          content: content || (toolCalls.length ? null : ""),
          refusal: null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReasonOf(done.finishReason, toolCalls.length > 0),
      },
    ],
    usage: usageOf(done.usage),
  };
}

/**
 * The answer as OpenAI streams it (`stream: true`): `chat.completion.chunk` events (the role
 * first, text deltas, each tool call whole, the finish reason, the usage when asked), then
 * `data: [DONE]`. A failure before the first event is an ordinary JSON error with its status; a
 * failure after it is one `data: {"error":{...}}` event (OpenAI's clients throw it) and the end.
 * A client that leaves aborts `signal`, which stops the provider's call.
 */
export async function streamCompletion(
  request: FastifyRequest,
  reply: FastifyReply,
  events: AsyncIterable<LlmEvent>,
  signal: AbortSignal,
  meta: CompletionMeta & { includeUsage: boolean },
): Promise<void> {
  const opened = await openEventStream(request, reply, events, signal);
  if (!opened) return;
  const { res, iterator, first } = opened;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    sseLine({
      id: meta.id,
      object: "chat.completion.chunk",
      created: meta.created,
      model: meta.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  let toolIndex = 0;
  try {
    res.write(chunk({ role: "assistant", content: "" }));
    for (let r = first; !r.done; r = await iterator.next()) {
      const event = r.value;
      let data: string;
      if (event.type === "text") data = chunk({ content: event.text });
      else if (event.type === "tool-call")
        data = chunk({ tool_calls: [{ index: toolIndex++, ...toolCallOf(event) }] });
      else {
        data = chunk({}, finishReasonOf(event.finishReason, toolIndex > 0));
        if (meta.includeUsage)
          data += sseLine({
            id: meta.id,
            object: "chat.completion.chunk",
            created: meta.created,
            model: meta.model,
            choices: [],
            usage: usageOf(event.usage),
          });
      }
      const pending = writeDrained(res, data);
      if (pending) await pending;
      if (signal.aborted) return;
    }
    if (!signal.aborted) res.write("data: [DONE]\n\n");
  } catch (err) {
    if (signal.aborted) return;
    const error =
      err instanceof AppError
        ? err
        : new LlmError(502, "llm_provider_down", "The model stream failed unexpectedly");
    if (!(err instanceof AppError)) request.log.error({ err }, "stream failed");
    res.write(sseLine(openAiErrorOf(error)));
  } finally {
    res.end();
    await iterator.return?.();
  }
}
