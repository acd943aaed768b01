import { describe, expect, it } from "vitest";
import { moveRefusal, named } from "./bulk";
import { picked } from "./use-selection";

const order = ["/home/user/a", "/home/user/b", "/home/user/c", "/home/user/d"];
const none = { shiftKey: false, ctrlKey: false, metaKey: false };
const shift = { ...none, shiftKey: true };
const ctrl = { ...none, ctrlKey: true };
const sorted = (s: Set<string>) => [...s].sort();

describe("picking entries", () => {
  it("a plain click picks one alone; Ctrl or ⌘ toggles one in or out", () => {
    const one = picked(order, new Set(["/home/user/a", "/home/user/b"]), null, "/home/user/c", none);
    expect(sorted(one.selected)).toEqual(["/home/user/c"]);
    const two = picked(order, one.selected, one.anchor, "/home/user/a", ctrl);
    expect(sorted(two.selected)).toEqual(["/home/user/a", "/home/user/c"]);
    const back = picked(order, two.selected, two.anchor, "/home/user/c", { ...none, metaKey: true });
    expect(sorted(back.selected)).toEqual(["/home/user/a"]);
  });

  it("Shift takes the range from the last pick, either way; a checkbox keeps what was picked", () => {
    const first = picked(order, new Set(), null, "/home/user/c", none);
    const down = picked(order, first.selected, first.anchor, "/home/user/a", shift);
    expect(sorted(down.selected)).toEqual(["/home/user/a", "/home/user/b", "/home/user/c"]);
    expect(down.anchor).toBe("/home/user/c");
    // A checkbox toggles without Ctrl, and its Shift adds a range to what is there.
    const boxed = picked(order, new Set(["/home/user/a"]), "/home/user/c", "/home/user/d", shift, true);
    expect(sorted(boxed.selected)).toEqual(["/home/user/a", "/home/user/c", "/home/user/d"]);
    const toggled = picked(order, boxed.selected, boxed.anchor, "/home/user/a", none, true);
    expect(sorted(toggled.selected)).toEqual(["/home/user/c", "/home/user/d"]);
  });

  it("Shift with no earlier pick (or one gone from the folder) picks the one clicked", () => {
    expect(sorted(picked(order, new Set(), null, "/home/user/b", shift).selected)).toEqual(["/home/user/b"]);
    expect(sorted(picked(order, new Set(), "/home/user/gone", "/home/user/b", shift).selected)).toEqual([
      "/home/user/b",
    ]);
  });
});

describe("what a move may do", () => {
  it("refuses a folder into itself or below it, and a move to where they are", () => {
    expect(moveRefusal(["/home/user/p"], "/home/user/p")).toBe("p cannot be moved into itself.");
    expect(moveRefusal(["/home/user/x", "/home/user/p"], "/home/user/p/q")).toBe(
      "p cannot be moved into itself.",
    );
    expect(moveRefusal(["/home/user/x"], "/home/user")).toBe("Already in home.");
    expect(moveRefusal(["/home/user/px"], "/home/user/p")).toBeNull();
    expect(moveRefusal(["/home/user/x", "/home/user/p/y"], "/home/user")).toBeNull();
  });

  it("names one entry by its name and more by their count", () => {
    expect(named(["/home/user/a.txt"])).toBe("a.txt");
    expect(named(["/home/user/a.txt", "/home/user/b"])).toBe("2 items");
  });
});
