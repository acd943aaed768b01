import { describe, expect, it } from "vitest";
import { focusPassage, markWords, snippetOf } from "./passage";

const marked = (query: string, text: string) => markWords(query, text).map(([a, b]) => text.slice(a, b));

describe("search passages: the words marked and the lines quoted", () => {
  it("marks words sharing the query words' first five letters, whole, in any case", () => {
    expect(marked("running apples", "Apples and APPLESAUCE; the runner kept running.")).toEqual([
      "Apples",
      "APPLESAUCE",
      "running",
    ]);
    // A short query word matches only itself; stop words and words of two letters are never marked.
    expect(marked("cat the of", "cat cats category the of")).toEqual(["cat"]);
    // Not inside another word, and letters beyond ASCII count as letters.
    expect(marked("bird", "bird ladybird bird's")).toEqual(["bird", "bird"]);
    expect(marked("größe", "die Größenordnung, größe")).toEqual(["Größenordnung", "größe"]);
    // A stem is five whole letters, also of letters outside the basic plane (two code units each).
    expect(marked("𐐷𐐸𐐹𐐺𐐻𐐼", "𐐷𐐸𐐹𐐺𐐻𐐼𐐽 𐐷𐐸")).toEqual(["𐐷𐐸𐐹𐐺𐐻𐐼𐐽"]);
    // Characters that mean something in a pattern are plain text in a query.
    expect(marked("c++ (a.b)", "c++ (a.b) axb")).toEqual([]);
    expect(marked("", "anything")).toEqual([]);
  });

  it("quotes the lines around the line holding most of the query's words, cited path:from-to", () => {
    const content = Array.from({ length: 20 }, (_, i) =>
      i === 12 ? "the tokenizer splits words" : `line ${i}`,
    ).join("\n");
    const focus = focusPassage("tokenizer words", { content, lineFrom: 41, lineTo: 60 });
    expect(focus).toMatchObject({ lineFrom: 50, lineTo: 56 });
    expect(focus.text.split("\n")[3]).toBe("the tokenizer splits words");
    const shown = snippetOf("tokenizer", {
      objectType: "file",
      objectId: "/home/user/a.txt",
      content,
      lineFrom: 41,
      lineTo: 60,
    });
    expect(shown.location).toBe("/home/user/a.txt:50-56");
    const [from, to] = shown.snippet.marks[0] ?? [0, 0];
    expect(shown.snippet.text.slice(from, to)).toBe("tokenizer");
  });
});
