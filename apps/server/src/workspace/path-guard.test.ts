import { describe, expect, it } from "vitest";
import { isInside, PathRefused, parseWorkspacePath } from "./path-guard";

describe("the path guard (syntax)", () => {
  it("maps workspace, home-relative and relative paths to segments", () => {
    expect(parseWorkspacePath("/home/user")).toEqual([]);
    expect(parseWorkspacePath("/home/user/")).toEqual([]);
    expect(parseWorkspacePath("/home/user/projects/a.py")).toEqual(["projects", "a.py"]);
    expect(parseWorkspacePath("~/projects//b.js")).toEqual(["projects", "b.js"]);
    expect(parseWorkspacePath("projects/c.ts")).toEqual(["projects", "c.ts"]);
    expect(parseWorkspacePath("/home/user/100 % done.txt")).toEqual(["100 % done.txt"]);
    expect(parseWorkspacePath("/home/user/résumé…final.md")).toEqual(["résumé…final.md"]);
  });

  it.each([
    ["/home/user/../../etc/passwd", "'..'"],
    ["..", "'..'"],
    ["/home/user/./a", "'.'"],
    ["/etc/passwd", "inside /home/user"],
    ["/home/user2/x", "inside /home/user"],
    ["/home/username", "inside /home/user"],
    ["/home/user/a\0b", "NUL"],
    ["/home/user/a\\..\\..\\b", "'\\'"],
    ["/home/user/%2e%2e/x", "URL-encoded"],
    ["/home/user/\uff0e\uff0e/x", "disguised"],
    ["/home/user/\u2025/x", "disguised"],
    ["/home/user/a\u202eb", "control"],
    [`/home/user/${"x".repeat(256)}`, "too long"],
    ["", "required"],
  ])("refuses %j", (input, message) => {
    expect(() => parseWorkspacePath(input)).toThrow(PathRefused);
    expect(() => parseWorkspacePath(input)).toThrow(message);
  });

  it("compares real paths separator-aware", () => {
    expect(isInside("/ws/alice", "/ws/alice")).toBe(true);
    expect(isInside("/ws/alice", "/ws/alice/x")).toBe(true);
    expect(isInside("/ws/alice", "/ws/alice2")).toBe(false);
    expect(isInside("/ws/alice", "/ws/alice2/x")).toBe(false);
    expect(isInside("/ws/alice/", "/ws/alice/x")).toBe(true);
    expect(isInside("/ws/alice", "/ws")).toBe(false);
  });
});
