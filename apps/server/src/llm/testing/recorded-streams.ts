/**
 * Streams as the providers' servers really send them, written after the recorded fixtures and
 * documented examples of their SDKs (sources noted per stream). The provider test server replays
 * them byte for byte (`{ kind: "recorded", stream }`); a `cut` stream ends by breaking the
 * connection instead of closing it.
 */
export interface RecordedStream {
  source: string;
  contentType: string;
  body: string;
  /** The connection breaks after the body (no clean end). */
  cut?: boolean;
}

const sse = (...events: unknown[]) =>
  events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`).join("");
const named = (...events: [string, unknown][]) =>
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join("");
const ndjson = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");

const openaiChunk = (delta: unknown, finish: string | null = null, usage: unknown = undefined) => ({
  id: "chatcmpl-AaBbCc123",
  object: "chat.completion.chunk",
  created: 1_732_000_000,
  model: "gpt-4o-2024-08-06",
  system_fingerprint: "fp_45cf54deae",
  choices: usage && !delta ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  ...(usage === undefined ? {} : { usage }),
});

const anthropicStart = {
  type: "message_start",
  message: {
    id: "msg_01XFDUDYJgAACzvnptvVoYEL",
    type: "message",
    role: "assistant",
    content: [],
    model: "claude-sonnet-4-5",
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 472, output_tokens: 2 },
  },
};

/** Anthropic's text stream, message_start to message_stop. */
const anthropicTextBody = named(
  ["message_start", anthropicStart],
  [
    "content_block_start",
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ],
  ["ping", { type: "ping" }],
  [
    "content_block_delta",
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } },
  ],
  [
    "content_block_delta",
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: " there." } },
  ],
  ["content_block_stop", { type: "content_block_stop", index: 0 }],
  [
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 15 },
    },
  ],
  ["message_stop", { type: "message_stop" }],
);

export const recordedStreams = {
  /** openai/openai-node, tests/streaming (chat.completion.chunk with stream_options.include_usage). */
  openaiTextWithUsage: {
    source: "openai/openai-node: tests/lib/ChatCompletionStream.test.ts, stream_options include_usage",
    contentType: "text/event-stream",
    body: sse(
      openaiChunk({ role: "assistant", content: "", refusal: null }),
      openaiChunk({ content: "The sky" }),
      openaiChunk({ content: " is blue." }),
      openaiChunk({}, "stop"),
      openaiChunk(null, null, { prompt_tokens: 19, completion_tokens: 5, total_tokens: 24 }),
      "[DONE]",
    ),
  },
  /** An error inside an OpenAI stream (openai-node: src/core/streaming.ts, `if (data && data.error)`). */
  openaiInStreamError: {
    source:
      "openai/openai-node: src/core/streaming.ts (an `error` object in a data line ends the stream with an APIError)",
    contentType: "text/event-stream",
    body: sse(openaiChunk({ role: "assistant", content: "" }), openaiChunk({ content: "Partial" }), {
      error: {
        message: "The server had an error while processing your request. Sorry about that!",
        type: "server_error",
        param: null,
        code: null,
      },
    }),
  },
  /** anthropic-sdk-typescript: tests/lib/MessageStream.test.ts (message_start … message_stop, usage in both). */
  anthropicText: {
    source: "anthropics/anthropic-sdk-typescript: tests/lib/MessageStream.test.ts",
    contentType: "text/event-stream",
    body: anthropicTextBody,
  },
  /** Anthropic's documented mid-stream error (docs: Messages streaming, "Error events"). */
  anthropicOverloaded: {
    source: "docs.anthropic.com: build-with-claude/streaming, error events (overloaded_error)",
    contentType: "text/event-stream",
    body: named(
      ["message_start", anthropicStart],
      [
        "content_block_start",
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
      ],
      ["error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }],
    ),
  },
  /** The same stream cut by the network before message_stop (no message_delta either). */
  anthropicCut: {
    source:
      "anthropics/anthropic-sdk-typescript: tests/lib/MessageStream.test.ts, truncated after a content_block_delta",
    contentType: "text/event-stream",
    cut: true,
    body: named(
      ["message_start", anthropicStart],
      [
        "content_block_start",
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "The answer is" } },
      ],
    ),
  },
  /** huggingface/text-generation-inference: OpenAI-compatible chat stream with usage in the last chunk. */
  huggingfaceTextWithUsage: {
    source:
      "huggingface/text-generation-inference: router/src/server.rs chat_completions (stream, usage on the final chunk)",
    contentType: "text/event-stream",
    body: sse(
      {
        object: "chat.completion.chunk",
        id: "",
        created: 1_732_000_000,
        model: "meta-llama/Llama-3.1-8B-Instruct",
        system_fingerprint: "2.4.1-native",
        choices: [
          { index: 0, delta: { role: "assistant", content: "Deep" }, logprobs: null, finish_reason: null },
        ],
        usage: null,
      },
      {
        object: "chat.completion.chunk",
        id: "",
        created: 1_732_000_000,
        model: "meta-llama/Llama-3.1-8B-Instruct",
        system_fingerprint: "2.4.1-native",
        choices: [
          {
            index: 0,
            delta: { role: "assistant", content: " learning" },
            logprobs: null,
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 11, completion_tokens: 2, total_tokens: 13 },
      },
      "[DONE]",
    ),
  },
  /** TGI's error inside a stream (router/src/server.rs: `{"error": ..., "error_type": ...}` as an event). */
  huggingfaceInStreamError: {
    source: "huggingface/text-generation-inference: router/src/server.rs (StreamResponse error event)",
    contentType: "text/event-stream",
    body: sse({
      error: "Request failed during generation: Server error: CUDA out of memory",
      error_type: "generation",
    }),
  },
  /** ollama/ollama-js: the /api/chat NDJSON stream, counts on the final line. */
  ollamaTextWithCounts: {
    source: "ollama/ollama docs/api.md: Generate a chat completion (streaming response)",
    contentType: "application/x-ndjson",
    body: ndjson(
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.385406455Z",
        message: { role: "assistant", content: "The" },
        done: false,
      },
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.485406455Z",
        message: { role: "assistant", content: " sky." },
        done: false,
      },
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.585406455Z",
        message: { role: "assistant", content: "" },
        done: true,
        done_reason: "stop",
        total_duration: 4883583458,
        load_duration: 1334875,
        prompt_eval_count: 26,
        prompt_eval_duration: 342546000,
        eval_count: 2,
        eval_duration: 4535599000,
      },
    ),
  },
  /** Ollama's error line in a stream (ollama-js: src/utils.ts parseJSON, `if ('error' in message)`). */
  ollamaInStreamError: {
    source: "ollama/ollama-js: src/utils.ts (an `error` field in a streamed line)",
    contentType: "application/x-ndjson",
    body: ndjson(
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.385406455Z",
        message: { role: "assistant", content: "Par" },
        done: false,
      },
      { error: "an error was encountered while running the model: unexpected EOF" },
    ),
  },
  /**
   * OpenRouter's error in the middle of a stream: a chunk carrying `error` beside its choices, the
   * choice finishing with "error" (openrouter.ai/docs/api-reference/streaming, "Handling Errors During
   * Streaming"; code and message as a person received them, issue 27).
   */
  openrouterInStreamError: {
    source: "openrouter.ai docs: api-reference/streaming, mid-stream error chunk (finish_reason error)",
    contentType: "text/event-stream",
    body: sse(
      { ...openaiChunk({ role: "assistant", content: "" }), id: "gen-1732000000-AbCdEf", provider: "OpenAI" },
      { ...openaiChunk({ content: "Once upon" }), id: "gen-1732000000-AbCdEf", provider: "OpenAI" },
      {
        id: "gen-1732000000-AbCdEf",
        object: "chat.completion.chunk",
        created: 1_732_000_000,
        model: "openai/gpt-4o",
        provider: "OpenAI",
        error: { code: 400, message: "Token limit reached" },
        choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }],
      },
    ),
  },
  /**
   * Ollama answering five tool calls in one NDJSON line, the tool without parameters sent without
   * `arguments` (ollama/ollama docs/api.md, "Chat request (with tools)": tool_calls on one message).
   */
  ollamaFiveToolCallsOneLine: {
    source: "ollama/ollama docs/api.md: Chat request (with tools), several calls in one message",
    contentType: "application/x-ndjson",
    body: ndjson(
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.385406455Z",
        message: {
          role: "assistant",
          content: "",
          tool_calls: [
            { function: { name: "get_weather", arguments: { city: "Paris" } } },
            { function: { name: "get_weather", arguments: { city: "Lyon" } } },
            { function: { name: "get_weather", arguments: { city: "Nice" } } },
            { function: { name: "get_time" } },
            { function: { name: "get_weather", arguments: { city: "Lille" } } },
          ],
        },
        done: false,
      },
      {
        model: "llama3.2",
        created_at: "2024-11-24T08:52:19.585406455Z",
        message: { role: "assistant", content: "" },
        done: true,
        done_reason: "stop",
        total_duration: 4883583458,
        prompt_eval_count: 96,
        eval_count: 61,
      },
    ),
  },
  /**
   * TGI's tool call (OpenAI-like chunks: the name, then the arguments in pieces) in a stream that ends
   * cleanly with no finish_reason on any chunk (huggingface/text-generation-inference: router/src/
   * server.rs, chat_completions with tools; its tool chunks carry `finish_reason: null`).
   */
  huggingfaceToolCallNoFinish: {
    source:
      "huggingface/text-generation-inference: router/src/server.rs (tool call stream, no finish_reason)",
    contentType: "text/event-stream",
    body: sse(
      ...[
        {
          role: "assistant",
          tool_calls: [
            { index: 0, id: "0", type: "function", function: { name: "get_weather", arguments: "" } },
          ],
        },
        {
          role: "assistant",
          tool_calls: [{ index: 0, id: "", type: "function", function: { arguments: '{"city":' } }],
        },
        {
          role: "assistant",
          tool_calls: [{ index: 0, id: "", type: "function", function: { arguments: ' "Paris"}' } }],
        },
      ].map((delta) => ({
        object: "chat.completion.chunk",
        id: "",
        created: 1_732_000_000,
        model: "meta-llama/Llama-3.1-8B-Instruct",
        system_fingerprint: "2.4.1-native",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
        usage: null,
      })),
      "[DONE]",
    ),
  },
  /** The text stream above cut by the network after its message_delta, before message_stop. */
  anthropicCutAfterDelta: {
    source:
      "anthropics/anthropic-sdk-typescript: tests/lib/MessageStream.test.ts, truncated before message_stop",
    contentType: "text/event-stream",
    cut: true,
    body: anthropicTextBody.slice(0, anthropicTextBody.lastIndexOf("event: message_stop")),
  },
} satisfies Record<string, RecordedStream>;
