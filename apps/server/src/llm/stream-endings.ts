import {
  InvalidResponseDataError,
  type LanguageModelV3,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { wrapLanguageModel } from "ai";

/**
 * A model whose stream, ending cleanly after a complete tool call but with no finish reason on any
 * chunk (TGI's), ends as that tool call: the OpenAI-compatible parser reports "ended without a
 * finish reason" as an error after the call.
 */
export function toolCallsEndWithoutFinishReason(model: LanguageModelV3): LanguageModelV3 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v3",
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        let toolCalls = 0;
        let unfinished = false;
        const stream = result.stream.pipeThrough(
          new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
            transform(part, controller) {
              if (part.type === "tool-call") toolCalls += 1;
              const noFinish =
                part.type === "error" &&
                InvalidResponseDataError.isInstance(part.error) &&
                /without a finish reason/.test(part.error.message);
              if (noFinish && toolCalls > 0) {
                unfinished = true;
                return;
              }
              if (part.type === "finish" && unfinished) {
                return controller.enqueue({
                  ...part,
                  finishReason: { unified: "tool-calls", raw: undefined },
                });
              }
              controller.enqueue(part);
            },
          }),
        );
        return { ...result, stream };
      },
    },
  });
}

/** The token counts a provider's raw events carried so far (each event updates them). */
export type UsageReader = (raw: unknown, usage: LanguageModelV3Usage) => void;

const noUsage = (): LanguageModelV3Usage => ({
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
});

/**
 * A model whose stream, broken off before its end (the network cut it), still says the tokens that
 * had arrived: a 'finish' with the counts `read` from the provider's raw events (finish reason
 * 'other', raw 'cut'), then the break as an error part. Never an estimate: only what arrived.
 */
export function countWhatArrived(model: LanguageModelV3, read: UsageReader): LanguageModelV3 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v3",
      transformParams: async ({ params }) => ({ ...params, includeRawChunks: true }),
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        const usage = noUsage();
        let counted = false;
        let finished = false;
        const reader = result.stream.getReader();
        const stream = new ReadableStream<LanguageModelV3StreamPart>({
          async pull(controller) {
            try {
              for (;;) {
                const { done, value } = await reader.read();
                if (done) return controller.close();
                // Raw events are read for their counts here, not passed on.
                if (value.type !== "raw") {
                  if (value.type === "finish") finished = true;
                  return controller.enqueue(value);
                }
                read(value.rawValue, usage);
                counted = true;
              }
            } catch (error) {
              if (counted && !finished)
                controller.enqueue({ type: "finish", finishReason: { unified: "other", raw: "cut" }, usage });
              controller.enqueue({ type: "error", error });
              controller.close();
            }
          },
          cancel: (reason) => reader.cancel(reason),
        });
        return { ...result, stream };
      },
    },
  });
}
