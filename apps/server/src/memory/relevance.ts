import type { Memory } from "@neuroos/contracts";

/** At most this many memories go to the model at the start of a session. */
export const MEMORIES_PER_SESSION = 10;

const STOP_WORDS = new Set(
  "the and for are but not you your with this that have has was were from they them what when where which who will would can could should about into than then there their our out all any how why its it's i'm me my we us him her his she he a an of to in on at by is be do does did so if or as it".split(
    " ",
  ),
);

/** The words of a text that carry meaning: lower case, 3 letters or more, no stop words. */
export function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)));
}

/**
 * The rule: each memory scores the number of distinct keywords it shares with the session's
 * first message; those scoring above zero go to the model, best first (newest first on a tie),
 * at most MEMORIES_PER_SESSION. When none shares a keyword, the MEMORIES_PER_SESSION most
 * recent ones go instead. `memories` comes newest first.
 */
export function relevantMemories(memories: Memory[], firstMessage: string): Memory[] {
  const scored = matchingMemories(memories, firstMessage);
  const chosen = scored.length > 0 ? scored : memories;
  return chosen.slice(0, MEMORIES_PER_SESSION);
}

/** The memories sharing a keyword with the text, best first (newest first on a tie). */
export function matchingMemories(memories: Memory[], text: string): Memory[] {
  const wanted = keywords(text);
  const scored = memories
    .map((memory, order) => {
      let score = 0;
      for (const word of keywords(memory.content)) if (wanted.has(word)) score++;
      return { memory, score, order };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.memory);
}

/** The memories as a paragraph of the system prompt. */
export function memoryPrompt(memories: Memory[]): string {
  if (memories.length === 0) return "";
  const lines = memories.map((m) => `- ${m.content}`).join("\n");
  return `What you remember about this person from earlier sessions (use it when it helps; they can ask you to forget an entry):\n${lines}`;
}
