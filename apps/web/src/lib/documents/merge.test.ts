import { describe, expect, it } from "vitest";
import { mergeThree } from "./merge";

describe("three-way merge of a document", () => {
  it("takes the one side that changed, and the same change made on both", () => {
    expect(mergeThree("a", "a", "b")).toEqual({ merged: "b" });
    expect(mergeThree("a", "b", "a")).toEqual({ merged: "b" });
    expect(mergeThree("a", "b", "b")).toEqual({ merged: "b" });
    expect(mergeThree({ x: 1 }, { x: 2 }, { x: 2 })).toEqual({ merged: { x: 2 } });
  });

  it("combines text changes on different lines, and gives up on the same line changed differently", () => {
    const base = "one\ntwo\nthree\nfour\nfive\n";
    const mine = "one (mine)\ntwo\nthree\nfour\nfive\n";
    const theirs = "one\ntwo\nthree\nfour\nfive (theirs)\n";
    expect(mergeThree(base, mine, theirs)).toEqual({
      merged: "one (mine)\ntwo\nthree\nfour\nfive (theirs)\n",
    });
    expect(mergeThree(base, "one A\ntwo\nthree\nfour\nfive\n", "one B\ntwo\nthree\nfour\nfive\n")).toBeNull();
  });

  it("never puts a change in the wrong place or twice: repeated lines and insertions at one place are overlaps", () => {
    const shops = "Shop A\nmilk\neggs\n\nShop B\nmilk\neggs\n";
    const mine = "Shop A\nmilk\ntea\neggs\n\nShop B\nmilk\neggs\n";
    const theirs = "Shop A\nmilk\neggs (6)\n\nShop B\nmilk\neggs\n";
    // My line goes between milk and eggs of shop A, next to their change: the person decides.
    expect(mergeThree(shops, mine, theirs)).toBeNull();
    const apart = "Shop A\nmilk\neggs\n\nShop B\nmilk\neggs (6)\n";
    expect(mergeThree(shops, mine, apart)).toEqual({
      merged: "Shop A\nmilk\ntea\neggs\n\nShop B\nmilk\neggs (6)\n",
    });
    // A lost save stored, then built on elsewhere: not merged into a doubled line.
    expect(mergeThree("a\n", "a\nX\n", "a\nX\nY\n")).toBeNull();
    expect(mergeThree("a\nb\n", "a\nb\nc", "a2\nb\nc")).toEqual({ merged: "a2\nb\nc" });
  });

  it("combines changes to different fields of an object, recursively", () => {
    const base = { title: "Plan", settings: { color: "blue", size: 1 }, notes: "a" };
    const mine = { title: "Plan", settings: { color: "red", size: 1 }, notes: "a" };
    const theirs = { title: "Plan B", settings: { color: "blue", size: 2 }, notes: "a" };
    expect(mergeThree(base, mine, theirs)).toEqual({
      merged: { title: "Plan B", settings: { color: "red", size: 2 }, notes: "a" },
    });
    expect(mergeThree({ n: 1 }, { n: 2 }, { n: 3 })).toBeNull();
  });

  it("merges lists of items by id: one side's new item, the other's edit and removal all kept", () => {
    const base = [
      { id: "1", text: "milk", done: false },
      { id: "2", text: "eggs", done: false },
      { id: "3", text: "bread", done: false },
    ];
    const mine = [
      { id: "1", text: "milk", done: true },
      { id: "2", text: "eggs", done: false },
      { id: "3", text: "bread", done: false },
      { id: "4", text: "tea", done: false },
    ];
    const theirs = [
      { id: "2", text: "eggs (6)", done: false },
      { id: "1", text: "milk", done: false },
    ];
    expect(mergeThree(base, mine, theirs)).toEqual({
      merged: [
        { id: "2", text: "eggs (6)", done: false },
        { id: "1", text: "milk", done: true },
        { id: "4", text: "tea", done: false },
      ],
    });
    // An item I changed that they removed: a real overlap.
    expect(mergeThree(base, mine, base.slice(1))).toBeNull();
  });

  it("gives up on lists without ids changed on both sides, and on a change of type", () => {
    expect(mergeThree([1, 2], [1, 2, 3], [0, 1, 2])).toBeNull();
    expect(mergeThree<unknown>("a", { a: 1 }, "b")).toBeNull();
  });
});
