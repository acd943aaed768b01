/**
 * A text handed to the console from another screen (e.g. a transcript): navigate to /dashboard
 * with `consoleMessage(text)` as the route state and the console's message box starts with it.
 */
export const consoleMessage = (text: string) => ({ consoleMessage: text });

/** The text handed over in a route state, or "". */
export function consoleMessageOf(state: unknown): string {
  const text = (state as { consoleMessage?: unknown } | null)?.consoleMessage;
  return typeof text === "string" ? text : "";
}
