import type { FileEntry } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { ancestorsOf, buildFileTree, countFiles, fileKind, languageOfFile, visibleRows } from "./file-tree";

const entry = (path: string, type: FileEntry["type"] = "file"): FileEntry => ({
  path,
  type,
  size: type === "file" ? 10 : 0,
  modified: "2025-01-01T00:00:00.000Z",
});

describe("buildFileTree", () => {
  it("nests slash paths under the workspace root, folders first, sorted by name", () => {
    const tree = buildFileTree([
      entry("/home/user/projects/example.py"),
      entry("/home/user/projects", "directory"),
      entry("/home/user/notes.txt"),
      entry("/home/user/projects/data.json"),
      entry("/home/user/projects/lib", "directory"),
    ]);
    expect(tree.map((n) => n.name)).toEqual(["projects", "notes.txt"]);
    const projects = tree[0];
    expect(projects?.path).toBe("/home/user/projects");
    expect(projects?.children.map((n) => `${n.type}:${n.name}`)).toEqual([
      "directory:lib",
      "file:data.json",
      "file:example.py",
    ]);
  });

  it("creates folders that only appear inside a path, and ignores duplicates and outsiders", () => {
    const tree = buildFileTree([
      entry("/home/user/a/b/c.md"),
      entry("/home/user/a/b/c.md"),
      entry("/etc/passwd"),
      entry("/home/user", "directory"),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.type).toBe("directory");
    expect(tree[0]?.children[0]?.path).toBe("/home/user/a/b");
    expect(tree[0]?.children[0]?.children.map((n) => n.path)).toEqual(["/home/user/a/b/c.md"]);
    expect(countFiles(tree)).toBe(1);
  });

  it("lists the folders leading to a path", () => {
    expect(ancestorsOf("/home/user/projects")).toEqual(["/home", "/home/user", "/home/user/projects"]);
  });
});

describe("fileKind", () => {
  it("picks the icon by extension", () => {
    expect(fileKind("example.py")).toBe("python");
    expect(fileKind("app.js")).toBe("script");
    expect(fileKind("app.TS")).toBe("script");
    expect(fileKind("data.json")).toBe("json");
    expect(fileKind("README.md")).toBe("markdown");
    expect(fileKind("notes.txt")).toBe("text");
    expect(fileKind("Makefile")).toBe("other");
    expect(fileKind(".bashrc")).toBe("other");
    expect(fileKind("archive.tar.gz")).toBe("other");
  });

  it("maps files to highlighter languages", () => {
    expect(languageOfFile("example.py")).toBe("python");
    expect(languageOfFile("x.ts")).toBe("typescript");
    expect(languageOfFile("Makefile")).toBeUndefined();
  });
});

describe("visibleRows", () => {
  it("shows the children of expanded folders only", () => {
    const tree = buildFileTree([
      entry("/home/user/projects/example.py"),
      entry("/home/user/projects/lib/util.js"),
      entry("/home/user/notes.txt"),
    ]);
    const collapsed = visibleRows(tree, new Set());
    expect(collapsed.map((r) => r.node.name)).toEqual(["projects", "notes.txt"]);
    const open = visibleRows(tree, new Set(["/home/user/projects"]));
    expect(open.map((r) => `${r.level}:${r.node.name}`)).toEqual([
      "1:projects",
      "2:lib",
      "2:example.py",
      "1:notes.txt",
    ]);
    expect(open[1]).toMatchObject({ parentPath: "/home/user/projects", position: 1, siblings: 2 });
  });
});
