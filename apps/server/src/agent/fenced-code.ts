import { randomUUID } from "node:crypto";
import type { ExecutionLanguage } from "@neuroos/contracts";

const languages: Record<string, ExecutionLanguage> = {
  python: "python",
  py: "python",
  python3: "python",
  javascript: "javascript",
  js: "javascript",
  node: "javascript",
  typescript: "typescript",
  ts: "typescript",
  bash: "bash",
  shell: "bash",
  sh: "sh",
};

/** Told to models without native tool calling, so their code blocks can be run. */
export const FENCED_CODE_INSTRUCTIONS =
  "To run code in the user's sandbox (working directory /home/user, no network), reply with one fenced code block tagged python, javascript, typescript or bash. You will get its output in the next message. When the task is done, answer without a code block.";

/** The runnable fenced code blocks of a reply, as proposed run_code calls (the fallback convention). */
export function fencedCodeCalls(
  text: string,
): { id: string; name: "run_code"; input: { language: ExecutionLanguage; code: string } }[] {
  const calls = [];
  for (const match of text.matchAll(/```([\w+-]*)[^\n]*\n([\s\S]*?)```/g)) {
    const language = languages[(match[1] ?? "").toLowerCase()];
    const code = (match[2] ?? "").trimEnd();
    if (language && code.trim())
      calls.push({ id: `fenced-${randomUUID()}`, name: "run_code" as const, input: { language, code } });
  }
  return calls;
}
