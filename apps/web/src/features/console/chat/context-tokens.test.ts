import { describe, expect, it } from "vitest";
import { contextLabel, contextSize, formatTokenCount } from "./context-tokens";

const message = (content: string, tokenCount?: number) => ({
  content,
  metadata: tokenCount === undefined ? {} : { tokenCount },
});

describe("context size", () => {
  it("sums the stored token counts and estimates the rest at ~4 characters per token", () => {
    expect(contextSize([message("hello", 8000), message("x", 192)])).toEqual({
      tokens: 8192,
      estimated: false,
    });
    expect(contextSize([message("abcdefgh"), message("reply", 10)])).toEqual({ tokens: 12, estimated: true });
    expect(contextSize([message("abc")], "streamed")).toEqual({ tokens: 3, estimated: true });
    expect(contextSize([])).toEqual({ tokens: 0, estimated: false });
  });

  it("counts the text of resources sent with a message", () => {
    const resource = {
      serverId: "s",
      server: "docs",
      uri: "x://a",
      name: "a",
      mimeType: null,
      bytes: 12,
      text: "twelve chars",
      binaryParts: 0,
    };
    expect(contextSize([{ content: "abcd", metadata: { resources: [resource] } }])).toEqual({
      tokens: 4,
      estimated: true,
    });
  });

  it("formats with thousands separators against the 128k window", () => {
    expect(contextLabel({ tokens: 8192, estimated: false })).toBe("Context: 8,192 / 128k tokens");
    expect(contextLabel({ tokens: 1234567, estimated: true })).toBe("Context: ~1,234,567 / 128k tokens");
    expect(formatTokenCount(128_000)).toBe("128k");
    expect(formatTokenCount(999)).toBe("999");
  });
});
