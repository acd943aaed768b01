const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Cuts markdown into top-level blocks at blank lines that are outside fenced code and not
 * followed by an indented (continuation) line. Each block is parsed on its own, so while a
 * reply streams only its last block is parsed again, and finished blocks keep their output.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split("\n");
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;

  const flush = () => {
    if (current.some((line) => line.trim() !== "")) blocks.push(current.join("\n"));
    current = [];
  };

  // For each line, the next non-blank line after it (one pass from the end: linear overall).
  const nextText: (string | undefined)[] = new Array(lines.length);
  let upcoming: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    nextText[i] = upcoming;
    const line = lines[i] ?? "";
    if (line.trim() !== "") upcoming = line;
  }

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      current.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      current.push(line);
      continue;
    }
    if (line.trim() === "") {
      const next = nextText[i];
      const continues = next !== undefined && /^\s/.test(next);
      if (continues) current.push(line);
      else flush();
      continue;
    }
    current.push(line);
  }
  flush();
  return blocks;
}
