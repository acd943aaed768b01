import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CATEGORIES,
  boardCategories,
  boardSymbols,
  nextScanIndex,
  readAacContent,
  SPEECH_PITCH,
  SPEECH_RATE,
  sentenceOf,
  withoutCategory,
} from "./board";

const phrase = (id: string, categoryId: string, text = "I want the park") => ({
  id,
  categoryId,
  text,
  symbol: "national-park",
});

describe("the communication board", () => {
  it("has the spec's categories, four phrases each, and speaks at rate 0.9, pitch 1", () => {
    expect(BUILT_IN_CATEGORIES.map((c) => c.id)).toEqual(["greetings", "needs", "emotions", "responses"]);
    for (const category of BUILT_IN_CATEGORIES) expect(category.phrases).toHaveLength(4);
    expect([SPEECH_RATE, SPEECH_PITCH]).toEqual([0.9, 1]);
  });

  it("adds the person's phrases after the built-in ones, and their categories after the built-in four", () => {
    const content = {
      categories: [{ id: "places", name: "Places", symbol: "house" }],
      phrases: [phrase("p1", "needs"), phrase("p2", "places", "Home")],
    };
    const categories = boardCategories(content);
    expect(categories.map((c) => c.id)).toEqual(["greetings", "needs", "emotions", "responses", "places"]);
    expect(categories[1]?.phrases.map((p) => p.text).at(-1)).toBe("I want the park");
    expect(categories[4]).toMatchObject({ custom: true, phrases: [{ text: "Home", custom: true }] });
    expect(boardSymbols(categories)).toContain("national-park");
    expect(new Set(boardSymbols(categories)).size).toBe(boardSymbols(categories).length);
    expect(withoutCategory(content, "places")).toEqual({ categories: [], phrases: [phrase("p1", "needs")] });
  });

  it("reads a damaged stored copy item by item, keeping what is valid", () => {
    expect(readAacContent(null)).toEqual({ categories: [], phrases: [] });
    expect(readAacContent("text")).toEqual({ categories: [], phrases: [] });
    const read = readAacContent({
      categories: [
        { id: "places", name: " Places ", symbol: "house" },
        { id: "greetings", name: "Clash with a built-in id", symbol: "house" },
        { id: "bad", name: "", symbol: "house" },
        { id: "bad2", name: "Bad symbol", symbol: "<script>" },
      ],
      phrases: [
        phrase("p1", "places"),
        phrase("p1", "places", "Duplicate id"),
        phrase("p2", "gone"),
        { ...phrase("p3", "needs"), text: "   " },
        { ...phrase("p4", "needs"), extra: true },
        phrase("p5", "responses", "Maybe"),
      ],
    });
    expect(read.categories).toEqual([{ id: "places", name: "Places", symbol: "house" }]);
    expect(read.phrases.map((p) => p.id)).toEqual(["p1", "p5"]);
  });

  it("makes the strip's words one sentence", () => {
    const words = ["Hello", "I'm hungry", "Thank you"].map((text, i) => ({ key: `${i}`, text, symbol: "x" }));
    expect(sentenceOf(words)).toBe("Hello, I'm hungry, Thank you");
    expect(sentenceOf([])).toBe("");
  });

  it("steps the scanning highlight through the targets and back to the first", () => {
    expect(nextScanIndex(null, 3)).toBe(0);
    expect(nextScanIndex(0, 3)).toBe(1);
    expect(nextScanIndex(2, 3)).toBe(0);
    expect(nextScanIndex(5, 3)).toBe(0);
    expect(nextScanIndex(null, 0)).toBeNull();
  });
});
