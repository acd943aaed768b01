import type { ModelChoice } from "../../lib/model-choice";
import type { CompletionSource } from "./inline-completion";

const SYSTEM =
  "You complete code. Reply with only the text to insert at <CURSOR>: no code fences, no explanation, at most a few lines.";

/** Strips a code fence a model may wrap its continuation in. */
export function cleanContinuation(text: string): string {
  const fence = /^```[\w-]*\n([\s\S]*?)\n?```\s*$/.exec(text.trim());
  return (fence?.[1] ?? text).replace(/\s+$/, "");
}

/** Inline completion through /api/llm/complete (a short, cool answer, logged as ide_completion). */
export function completionSource(model: ModelChoice | null): CompletionSource {
  return async ({ prefix, suffix, language, signal }) => {
    const response = await fetch("/api/llm/complete", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      signal,
      body: JSON.stringify({
        ...(model ?? {}),
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: `Language: ${language}\n\n${prefix}<CURSOR>${suffix}` },
        ],
        temperature: 0.2,
        maxTokens: 64,
        feature: "ide_completion",
      }),
    });
    if (!response.ok) return "";
    return cleanContinuation(((await response.json()) as { content: string }).content ?? "");
  };
}
