/**
 * A person's preferences without zod: their address and a hand check of what a read answers.
 * The web's first download reads preferences (the accessibility settings), where zod would cost
 * more than the rest of the shell; the server's schemas are preferencesApi's (documents.ts), at
 * this same path.
 */
export const preferencePath = "/api/preferences/:namespace";

/**
 * The `value` of a read's answer (`{ namespace, value }`, preferenceSchema), checked by hand. The
 * value itself is each preference's own to check.
 */
export function preferenceValueOf(answer: unknown): unknown {
  if (typeof answer !== "object" || answer === null || !("value" in answer))
    throw new Error("Unexpected answer from /api/preferences");
  return answer.value;
}
