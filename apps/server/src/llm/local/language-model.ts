import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
  SharedV3Warning,
} from "@ai-sdk/provider";
import { LlmError } from "../errors";
import type { LocalMessage, LocalResult, LocalRuntime } from "./runtime";

function toLocalMessages(prompt: LanguageModelV3Prompt): LocalMessage[] {
  const messages: LocalMessage[] = [];
  for (const m of prompt) {
    if (m.role === "system") messages.push({ role: "system", content: m.content });
    else if (m.role === "user" || m.role === "assistant") {
      const text = m.content
        .map((part) => (part.type === "text" ? part.text : ""))
        .join("")
        .trim();
      messages.push({ role: m.role, content: text });
    }
  }
  if (messages.at(-1)?.role !== "user") {
    throw new LlmError(
      400,
      "llm_bad_request",
      "The local model needs the conversation to end with a user message",
    );
  }
  return messages;
}

function warnings(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  return options.tools?.length
    ? [{ type: "unsupported", feature: "tools", details: "The local provider does not call tools" }]
    : [];
}

function finish(result: LocalResult): {
  finishReason: LanguageModelV3FinishReason;
  usage: LanguageModelV3Usage;
} {
  const unified = result.stopReason === "maxTokens" ? "length" : "stop";
  return {
    finishReason: { unified, raw: result.stopReason },
    usage: {
      inputTokens: {
        total: result.inputTokens,
        noCache: result.inputTokens,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: result.outputTokens, text: result.outputTokens, reasoning: undefined },
    },
  };
}

/** The local runtime behind the AI SDK's model interface, like every other provider. */
export class LocalLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "local";
  readonly supportedUrls = {};

  constructor(
    readonly modelId: string,
    private readonly modelPath: string,
    private readonly runtime: LocalRuntime,
  ) {}

  private request(
    options: LanguageModelV3CallOptions,
    messages: LocalMessage[],
    onText?: (text: string) => void,
  ) {
    return this.runtime.generate({
      modelPath: this.modelPath,
      messages,
      maxTokens: options.maxOutputTokens ?? 2048,
      temperature: options.temperature ?? 0.7,
      signal: options.abortSignal,
      onText,
    });
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const result = await this.request(options, toLocalMessages(options.prompt));
    return { content: [{ type: "text", text: result.text }], ...finish(result), warnings: warnings(options) };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const messages = toLocalMessages(options.prompt);
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start: (controller) => {
        controller.enqueue({ type: "stream-start", warnings: warnings(options) });
        controller.enqueue({ type: "text-start", id: "0" });
        this.request(options, messages, (delta) =>
          controller.enqueue({ type: "text-delta", id: "0", delta }),
        ).then(
          (result) => {
            controller.enqueue({ type: "text-end", id: "0" });
            controller.enqueue({ type: "finish", ...finish(result) });
            controller.close();
          },
          (error: unknown) => {
            controller.enqueue({ type: "error", error });
            controller.close();
          },
        );
      },
    });
    return { stream };
  }
}
