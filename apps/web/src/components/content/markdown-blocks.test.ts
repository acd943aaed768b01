import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "./markdown-blocks";

describe("splitMarkdownBlocks", () => {
  it("splits paragraphs at blank lines", () => {
    expect(splitMarkdownBlocks("# Title\n\nFirst para\nstill first\n\n\nSecond")).toEqual([
      "# Title",
      "First para\nstill first",
      "Second",
    ]);
  });

  it("keeps fenced code whole, blank lines included, even while the fence is still open", () => {
    const text = "Run this:\n\n```python\nx = 1\n\nprint(x)\n```\n\nDone";
    expect(splitMarkdownBlocks(text)).toEqual(["Run this:", "```python\nx = 1\n\nprint(x)\n```", "Done"]);
    expect(splitMarkdownBlocks("```js\nlet a\n\nlet b")).toEqual(["```js\nlet a\n\nlet b"]);
    expect(splitMarkdownBlocks("~~~\na\n```\n\nb\n~~~\n\nafter")).toEqual(["~~~\na\n```\n\nb\n~~~", "after"]);
  });

  it("keeps indented continuations with their block", () => {
    expect(splitMarkdownBlocks("- item\n\n  more of the item\n- next\n\nafter")).toEqual([
      "- item\n\n  more of the item\n- next",
      "after",
    ]);
  });

  it("gives nothing for blank text", () => {
    expect(splitMarkdownBlocks("  \n\n")).toEqual([]);
  });
});
