/** A fence line: ``` or ~~~ (3 or more), an optional language after it. */
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*[\w#+.-]*\s*$/;

/** A line a model writes to introduce its answer ("Here is the completion:", "Sure!"). */
const LEAD_IN =
  /^\s*(sure|certainly|of course|okay|ok|absolutely|here('s| is| are)|the (completion|continuation|code|rest)|completion|continuation|to complete|i('ll| will| would| can)|you can|below is)\b.*$|^\s*(sure|certainly|okay|ok)[!.,]?\s*$/i;

/**
 * A line a model writes after the code to explain it ("This logs the result."): a sentence that
 * opens like prose, has a few words, and holds none of code's marks.
 */
const EXPLANATION =
  /^\s*(this|these|that|the (above|code|completion|function|line|loop|snippet)|explanation|note|here|it|i|in this|we|now|let me|hope|you can|with this)\b/i;
const looksLikeCode = (line: string) => /[;{}=]|\)\s*$|^\s*(\/\/|#|\*|--)/.test(line);
const isExplanation = (line: string) =>
  EXPLANATION.test(line) && line.trim().split(/\s+/).length >= 4 && !looksLikeCode(line);

/**
 * The code in a model's inline-completion reply, and nothing else: the first fenced block's
 * contents (closed or cut by the token limit), else the reply without the prose around it
 * (a lead-in line, an explanation after the code), single backticks and an echoed <CURSOR>.
 * The code's own indentation and a leading line break are kept.
 */
export function codeOnly(reply: string): string {
  const lines = reply.replaceAll("\r\n", "\n").replaceAll("<CURSOR>", "").split("\n");
  const open = lines.findIndex((line) => FENCE.test(line));
  let code: string[];
  if (open !== -1 && lines.slice(0, open).every((l) => l.trim() === "" || !looksLikeCode(l))) {
    // The code is in the fence; prose before and after it is dropped.
    const close = lines.findIndex((line, i) => i > open && FENCE.test(line));
    code = lines.slice(open + 1, close === -1 ? undefined : close);
  } else {
    // No fence, or a stray closing fence after the code: what comes before it.
    code = open === -1 ? lines : lines.slice(0, open);
    let first = 0;
    while (first < code.length && LEAD_IN.test(code[first] ?? "") && !looksLikeCode(code[first] ?? ""))
      first++;
    if (first > 0) {
      code = code.slice(first);
      while (code.length > 0 && code[0]?.trim() === "") code.shift();
    }
    const explained = code.findIndex(isExplanation);
    if (explained !== -1) code = code.slice(0, explained);
  }
  let text = code.join("\n").replace(/\s+$/, "");
  const inline = /^`([^`\n]+)`$/.exec(text.trim());
  if (inline?.[1]) text = inline[1];
  return text;
}
