import type { ClientFrame } from "@neuroos/contracts";

/** Product spec: Run buttons only for these fenced-code languages. */
export const RUNNABLE_LANGUAGES = ["python", "javascript", "shell", "bash"] as const;

/** The language tag of a fenced block ("Python" and "python" alike). */
export function normaliseLanguage(language: string | undefined): string {
  return (language ?? "").trim().toLowerCase();
}

export function isRunnable(language: string | undefined): boolean {
  return (RUNNABLE_LANGUAGES as readonly string[]).includes(normaliseLanguage(language));
}

/**
 * The frame that runs a block: bash and sh take the terminal command path, the others the
 * code execution path ('shell' runs as a POSIX sh program there).
 */
export function runFrame(
  language: string,
  code: string,
  sessionId: string,
): Extract<ClientFrame, { type: "code_execution" | "terminal_command" }> {
  const lang = normaliseLanguage(language);
  if (lang === "bash" || lang === "sh") return { type: "terminal_command", sessionId, command: code };
  if (lang === "python" || lang === "javascript")
    return { type: "code_execution", sessionId, code, language: lang };
  if (lang === "shell") return { type: "code_execution", sessionId, code, language: "sh" };
  throw new Error(`Language ${language} not supported for execution`);
}
