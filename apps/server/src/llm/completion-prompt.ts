import type { LlmMessage } from "@neuroos/contracts";

/** The instruction of every inline completion (the IDE's ghost text): code, and nothing else. */
export const CODE_COMPLETION_PROMPT =
  "You complete code. Reply with only the code to insert at <CURSOR>, exactly as it goes in the file: " +
  "no code fences, no explanation, no words before or after it, at most a few lines.";

/**
 * An inline completion's messages as the model gets them: the server's code-only instruction
 * first; a system text the caller sent is dropped (the server owns this prompt).
 */
export function completionMessages(messages: LlmMessage[]): LlmMessage[] {
  return [
    { role: "system", content: CODE_COMPLETION_PROMPT },
    ...messages.filter((m) => m.role !== "system"),
  ];
}
