import type { AiActionId, AiActionMeta, AiActionResult, LlmConfig } from "@neuroos/contracts";
import type { LlmGateway } from "../llm";
import { aiActions } from "./catalog";

/** What an action's stream yields: its text as it comes, then its checked result. */
export type ActionEvent =
  | { type: "text"; text: string }
  | { type: "result"; result: AiActionResult; meta: AiActionMeta | null };

/**
 * Runs an AI action for a user: their provider and model (or the defaults), the action's own
 * temperature and token limit; streams the text, then checks the whole answer (a failed check
 * throws an AppError 422 after the text). The signal cancels the provider's request.
 */
export async function* runAction(
  gateway: LlmGateway,
  request: {
    userId: string;
    id: AiActionId;
    input: string;
    language?: string;
    config?: Pick<LlmConfig, "provider" | "model">;
    signal: AbortSignal;
  },
): AsyncGenerator<ActionEvent> {
  const action = aiActions[request.id];
  const events = gateway.streamChat({
    userId: request.userId,
    messages: [
      { role: "system", content: action.system },
      { role: "user", content: action.prompt(request.input, { language: request.language }) },
    ],
    config: { ...request.config, temperature: action.temperature, maxTokens: action.maxTokens },
    signal: request.signal,
    origin: { feature: `action:${request.id}` },
  });
  let output = "";
  let meta: AiActionMeta | null = null;
  for await (const event of events) {
    if (event.type === "done")
      meta = {
        provider: event.provider,
        model: event.model,
        promptTokens: event.usage.promptTokens,
        completionTokens: event.usage.completionTokens,
      };
    if (event.type !== "text") continue;
    output += event.text;
    yield event;
  }
  if (request.signal.aborted) return;
  yield { type: "result", result: action.check(output), meta };
}
