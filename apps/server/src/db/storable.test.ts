import { describe, expect, it } from "vitest";
import { storableJson, storableText } from "./storable";

describe("storable values", () => {
  it("shows NUL as ␀ in text", () => {
    expect(storableText("a\u0000b")).toBe("a\u2400b");
  });

  it("writes JSON that jsonb accepts: no NUL, no lone surrogate, text escapes kept", () => {
    const value = {
      nul: "a\u0000b",
      high: "x\ud800y",
      low: "\udc00",
      pair: "🎉",
      text: "\\u0000 and \\ud800",
    };
    const back = JSON.parse(storableJson(value));
    expect(back).toEqual({
      nul: "a\u2400b",
      high: "x\ufffdy",
      low: "\ufffd",
      pair: "🎉",
      text: "\\u0000 and \\ud800",
    });
  });
});
