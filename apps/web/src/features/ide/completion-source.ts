import type { ModelChoice } from "@/lib/model-choice";
import { completeOnce } from "@/lib/resources/llm";
import { codeOnly } from "./code-only";
import type { CompletionSource } from "./inline-completion";

/**
 * Inline completion through /api/llm/complete (a short, cool answer, logged as ide_completion):
 * the server puts its code-only instruction in front; what the model says besides the code is
 * dropped here (codeOnly), so only code is ever inserted.
 */
export function completionSource(model: ModelChoice | null): CompletionSource {
  return async ({ prefix, suffix, language, signal }) => {
    const answer = await completeOnce(
      {
        ...(model ?? {}),
        messages: [{ role: "user", content: `Language: ${language}\n\n${prefix}<CURSOR>${suffix}` }],
        temperature: 0.2,
        maxTokens: 64,
        feature: "ide_completion",
      },
      signal,
    );
    return codeOnly(answer.content);
  };
}
