import type { ChatMessage } from "@neuroos/contracts";

/** The window the status bar measures against when the model's own is not known (spec: 128k). */
export const CONTEXT_WINDOW_TOKENS = 128_000;
/** Rough size of a token in characters, for messages the server did not count. */
export const CHARS_PER_TOKEN = 4;

export interface ContextSize {
  tokens: number;
  /** True when some messages were estimated (~4 characters per token) rather than counted. */
  estimated: boolean;
}

/** The session's size in tokens: the model's own counts where stored, else an estimate. */
export function contextSize(
  messages: readonly Pick<ChatMessage, "content" | "metadata">[],
  streaming = "",
): ContextSize {
  let tokens = 0;
  let estimated = streaming.length > 0;
  for (const message of messages) {
    const counted = message.metadata.tokenCount;
    if (typeof counted === "number" && Number.isFinite(counted) && counted >= 0) {
      tokens += counted;
    } else {
      // Resources sent with a message go to the model with it.
      const attached = (message.metadata.resources ?? []).reduce((n, r) => n + (r.text?.length ?? 0), 0);
      const chars = message.content.length + attached;
      if (chars === 0) continue;
      tokens += Math.ceil(chars / CHARS_PER_TOKEN);
      estimated = true;
    }
  }
  tokens += Math.ceil(streaming.length / CHARS_PER_TOKEN);
  return { tokens, estimated };
}

/** 128000 -> "128k", 8192 -> "8,192". */
export function formatTokenCount(tokens: number): string {
  if (tokens >= 1000 && tokens % 1000 === 0) return `${tokens / 1000}k`;
  return Math.round(tokens).toLocaleString("en-US");
}

/** 'Context: 8,192 / 128k tokens'; estimates carry a "~". */
export function contextLabel(size: ContextSize, window = CONTEXT_WINDOW_TOKENS): string {
  const count = Math.round(size.tokens).toLocaleString("en-US");
  return `Context: ${size.estimated ? "~" : ""}${count} / ${formatTokenCount(window)} tokens`;
}
