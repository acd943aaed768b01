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

/** Told to models without native tool calling when cross-session memory is on. */
export const MEMORY_LINE_INSTRUCTIONS =
  "To remember a fact about the user for later conversations (only when they ask, or it is clearly useful later), write a line of its own: REMEMBER: <the fact>. To forget what you remembered about something, write a line: FORGET: <what it was about>. You will get the result in the next message; then answer without such lines.";

/** The tools a model without tool calling can still use, by convention in its text. */
export const TEXT_CONVENTION_TOOLS = new Set(["run_code", "remember", "forget"]);

/** What a model without tool calling is told, for the tools offered that it can use by convention. */
export function textConventionInstructions(toolNames: ReadonlySet<string>): string {
  return [
    toolNames.has("run_code") ? FENCED_CODE_INSTRUCTIONS : "",
    toolNames.has("remember") || toolNames.has("forget") ? MEMORY_LINE_INSTRUCTIONS : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

type ConventionCall =
  | ReturnType<typeof fencedCodeCalls>[number]
  | { id: string; name: "remember"; input: { fact: string } }
  | { id: string; name: "forget"; input: { about: string } };

/**
 * The tool calls a reply makes by convention (models without tool calling): fenced code blocks
 * run as run_code, `REMEMBER:` / `FORGET:` lines (outside code blocks) call remember / forget.
 * Only tools in `toolNames` (those offered) are called.
 */
export function textConventionCalls(text: string, toolNames: ReadonlySet<string>): ConventionCall[] {
  const calls: ConventionCall[] = toolNames.has("run_code") ? fencedCodeCalls(text) : [];
  const prose = text.replace(/```[\s\S]*?```/g, "");
  for (const match of prose.matchAll(/^[ \t>*-]*(REMEMBER|FORGET):[ \t]*(.+)$/gm)) {
    const value = (match[2] ?? "").trim();
    if (!value) continue;
    if (match[1] === "REMEMBER" && toolNames.has("remember"))
      calls.push({ id: `line-${randomUUID()}`, name: "remember", input: { fact: value } });
    if (match[1] === "FORGET" && toolNames.has("forget"))
      calls.push({ id: `line-${randomUUID()}`, name: "forget", input: { about: value } });
  }
  return calls;
}

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
