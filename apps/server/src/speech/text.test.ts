import { describe, expect, it } from "vitest";
import { plainSpeechText } from "./text";

describe("plainSpeechText", () => {
  it("turns square brackets round, so espeak-ng's phoneme mode ([[...]], [ then 0x02) cannot start", () => {
    expect(plainSpeechText("[[h@l'oU]] [[aaaa")).toBe("((h@l'oU)) ((aaaa");
    expect(plainSpeechText("[\u0002h@l'oU]]")).toBe("( h@l'oU))");
    expect(plainSpeechText("a [note] here")).toBe("a (note) here");
  });

  it("turns control characters (espeak-ng's embedded commands start with 0x01) into spaces", () => {
    expect(plainSpeechText("\u000150S slow\u0007\u001b\u007f\u0085end")).toBe(" 50S slow    end");
  });

  it("leaves words, line breaks, tabs, markup-like and other scripts as they are", () => {
    const text = 'Hello,\n\tworld! 3 < 5 > 2, <break time="9s"/> &amp; café 日本語 🙂 -3 +1.5';
    expect(plainSpeechText(text)).toBe(text);
  });
});
