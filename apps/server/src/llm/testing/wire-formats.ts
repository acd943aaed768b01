/**
 * The four providers' real wire formats, as their servers send them: OpenAI Chat Completions
 * (SSE `data:` chunks, `[DONE]`), Anthropic Messages (named SSE events), Ollama /api/chat
 * (NDJSON) and Hugging Face's router (OpenAI-compatible, with its own error bodies).
 */
export type Flavor = "openai" | "anthropic" | "huggingface" | "ollama";

export interface ToolCallSpec {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** Why a scripted stream ends: a normal end, tool calls, or the token limit. */
export type FinishReason = "stop" | "tool_calls" | "length";

export interface Frames {
  contentType: string;
  /** Frames sent before the first text chunk. */
  start: string[];
  text: (chunk: string, index: number) => string;
  toolCalls: (calls: ToolCallSpec[]) => string[];
  end: (reason: FinishReason, usage: { input: number; output: number }) => string[];
  malformed: string;
}

const sse = (data: unknown) => `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function openaiFrames(model: string): Frames {
  const base = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model };
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  return {
    contentType: "text/event-stream",
    start: [chunk({ role: "assistant", content: "" })],
    text: (content) => chunk({ content }),
    toolCalls: (calls) =>
      calls.flatMap((c, index) => {
        const args = JSON.stringify(c.args);
        const half = Math.ceil(args.length / 2);
        return [
          chunk({
            tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }],
          }),
          chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }),
          chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }),
        ];
      }),
    end: (reason, usage) => [
      chunk({}, reason),
      sse({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
        },
      }),
      sse("[DONE]"),
    ],
    malformed: 'data: {"id":"chatcmpl-test","choices":[{"delta":{"content":"oops"\n\n',
  };
}

function anthropicFrames(model: string): Frames {
  return {
    contentType: "text/event-stream",
    start: [
      event("message_start", {
        type: "message_start",
        message: {
          id: "msg_test",
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 1 },
        },
      }),
      event("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      }),
      event("ping", { type: "ping" }),
    ],
    text: (text) =>
      event("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text },
      }),
    toolCalls: (calls) => [
      event("content_block_stop", { type: "content_block_stop", index: 0 }),
      ...calls.flatMap((c, i) => [
        event("content_block_start", {
          type: "content_block_start",
          index: i + 1,
          content_block: { type: "tool_use", id: c.id, name: c.name, input: {} },
        }),
        event("content_block_delta", {
          type: "content_block_delta",
          index: i + 1,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(c.args) },
        }),
        event("content_block_stop", { type: "content_block_stop", index: i + 1 }),
      ]),
    ],
    end: (reason, usage) => [
      ...(reason === "stop" ? [event("content_block_stop", { type: "content_block_stop", index: 0 })] : []),
      event("message_delta", {
        type: "message_delta",
        delta: {
          stop_reason: reason === "stop" ? "end_turn" : reason === "length" ? "max_tokens" : "tool_use",
          stop_sequence: null,
        },
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      }),
      event("message_stop", { type: "message_stop" }),
    ],
    malformed: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{\n\n',
  };
}

function ollamaFrames(model: string): Frames {
  const line = (message: unknown, done = false, extra: object = {}) =>
    `${JSON.stringify({ model, created_at: "2025-01-01T00:00:00Z", message, done, ...extra })}\n`;
  return {
    contentType: "application/x-ndjson",
    start: [],
    text: (content) => line({ role: "assistant", content }),
    toolCalls: (calls) => [
      line({
        role: "assistant",
        content: "",
        tool_calls: calls.map((c) => ({ function: { name: c.name, arguments: c.args } })),
      }),
    ],
    end: (reason, usage) => [
      line({ role: "assistant", content: "" }, true, {
        done_reason: reason === "length" ? "length" : "stop",
        total_duration: 1000,
        prompt_eval_count: usage.input,
        eval_count: usage.output,
      }),
    ],
    malformed: '{"model":"x","message":{"role":"assistant","content":\n',
  };
}

export function framesFor(flavor: Flavor, model: string): Frames {
  if (flavor === "anthropic") return anthropicFrames(model);
  if (flavor === "ollama") return ollamaFrames(model);
  return openaiFrames(model);
}

/** A whole (non-streamed) answer in the flavor's format. */
export function completeBody(
  flavor: Flavor,
  model: string,
  text: string,
  calls: ToolCallSpec[],
  usage: { input: number; output: number },
): unknown {
  if (flavor === "anthropic") {
    return {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model,
      content: [
        ...(text ? [{ type: "text", text }] : []),
        ...calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.args })),
      ],
      stop_reason: calls.length ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  }
  if (flavor === "ollama") {
    return {
      model,
      created_at: "2025-01-01T00:00:00Z",
      message: {
        role: "assistant",
        content: text,
        ...(calls.length
          ? { tool_calls: calls.map((c) => ({ function: { name: c.name, arguments: c.args } })) }
          : {}),
      },
      done: true,
      done_reason: "stop",
      prompt_eval_count: usage.input,
      eval_count: usage.output,
    };
  }
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text || null,
          ...(calls.length
            ? {
                tool_calls: calls.map((c) => ({
                  id: c.id,
                  type: "function",
                  function: { name: c.name, arguments: JSON.stringify(c.args) },
                })),
              }
            : {}),
        },
        finish_reason: calls.length ? "tool_calls" : "stop",
      },
    ],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
    },
  };
}

/** The error body each provider sends for an HTTP status. */
export function errorBody(flavor: Flavor, status: number, model: string): unknown {
  const messages: Record<number, [string, string]> = {
    401: ["authentication_error", "Incorrect API key provided: sk-te...1234."],
    403: ["permission_error", "You do not have access to this resource."],
    404: ["not_found_error", `The model \`${model}\` does not exist or you do not have access to it.`],
    429: ["rate_limit_error", "Rate limit reached for requests. Please try again later."],
    500: ["api_error", "The server had an error while processing your request."],
    503: ["overloaded_error", "The service is temporarily overloaded."],
  };
  const [type, message] = messages[status] ?? ["api_error", `HTTP ${status}`];
  if (flavor === "anthropic") return { type: "error", error: { type, message } };
  if (flavor === "ollama")
    return { error: status === 404 ? `model "${model}" not found, try pulling it first` : message };
  if (flavor === "huggingface") return { error: message, error_type: type };
  const code =
    status === 401
      ? "invalid_api_key"
      : status === 404
        ? "model_not_found"
        : status === 429
          ? "rate_limit_exceeded"
          : null;
  return {
    error: { message, type: status === 429 ? "requests" : "invalid_request_error", param: null, code },
  };
}
