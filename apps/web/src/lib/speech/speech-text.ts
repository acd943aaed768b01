import { SPEECH_TEXT_MAX } from "@neuroos/contracts";

/**
 * A text cut into pieces of at most `max` characters for speaking one after another (the server
 * speaks at most SPEECH_TEXT_MAX at once): at sentence ends where it can, else at spaces.
 */
export function splitForSpeech(text: string, max = SPEECH_TEXT_MAX): string[] {
  const pieces: string[] = [];
  let rest = text.replace(/\s+/g, " ").trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const sentence = Math.max(...[". ", "! ", "? ", "; ", ": "].map((end) => window.lastIndexOf(end)));
    const space = window.lastIndexOf(" ");
    const cut = sentence > max / 2 ? sentence + 1 : space > 0 ? space : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * What is said of a Markdown reply: its words without the markup. Code blocks are not read out
 * (they are announced), links say their text, images their description.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, " (code block) ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/(^|[^\w*~])(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\2(?![\w*~])/g, "$1$3")
    .replace(/^\s*([-*_]\s*){3,}$/gm, "")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
