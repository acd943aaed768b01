import { describe, expect, it } from "vitest";
import { speakableText, splitForSpeech } from "./speech-text";

describe("splitForSpeech", () => {
  it("keeps a short text whole, with its spacing tidied", () => {
    expect(splitForSpeech("  Hello\n  there.  ")).toEqual(["Hello there."]);
    expect(splitForSpeech("   ")).toEqual([]);
  });

  it("cuts a long text at sentence ends, each piece within the limit", () => {
    const sentence = "This is a sentence of some length. ";
    const text = sentence.repeat(80);
    const pieces = splitForSpeech(text, 1000);
    expect(pieces.length).toBe(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(1000);
      expect(piece.endsWith(".")).toBe(true);
    }
    expect(pieces.join(" ")).toBe(text.trim());
  });

  it("cuts at a space when there is no sentence end, and anywhere in one endless word", () => {
    expect(splitForSpeech("aaa bbb ccc", 7)).toEqual(["aaa bbb", "ccc"]);
    expect(splitForSpeech("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});

describe("speakableText", () => {
  it("says a Markdown reply's words without its markup", () => {
    expect(
      speakableText(
        "# Title\n\nSome **bold** and _em_ text with `code` and a [link](https://example.com).\n\n- one\n- two\n\n> quoted",
      ),
    ).toBe("Title Some bold and em text with code and a link. one two quoted");
  });

  it("announces code blocks instead of reading them", () => {
    expect(speakableText("Run this:\n```python\nprint('hi')\n```\nDone.")).toBe(
      "Run this: (code block) Done.",
    );
  });

  it("keeps snake_case words and arithmetic as they are", () => {
    expect(speakableText("Use my_var_name: 2 * 3 = 6")).toBe("Use my_var_name: 2 * 3 = 6");
  });
});
