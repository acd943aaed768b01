import type { FileEntry } from "@neuroos/contracts";

export interface TreeNode {
  /** The last part of the path ("example.py"). */
  name: string;
  /** The full slash path ("/home/user/projects/example.py"). */
  path: string;
  type: FileEntry["type"];
  size: number;
  children: TreeNode[];
}

/** The folder that starts expanded (product spec: /home/user/projects). */
export const INITIALLY_EXPANDED = "/home/user/projects";

function splitPath(path: string): string[] {
  return path.split("/").filter((part) => part.length > 0);
}

/**
 * A tree from slash-separated paths: folders that are only implied by a path are created,
 * folders come before files, each level sorted by name. `root` ("/home/user") is the top.
 */
export function buildFileTree(entries: readonly FileEntry[], root = "/home/user"): TreeNode[] {
  const rootParts = splitPath(root);
  const top: TreeNode = { name: "", path: root, type: "directory", size: 0, children: [] };
  const byPath = new Map<string, TreeNode>([[top.path, top]]);

  const folderAt = (parts: string[]): TreeNode => {
    const path = `/${parts.join("/")}`;
    const found = byPath.get(path);
    if (found) return found;
    const parent = folderAt(parts.slice(0, -1));
    const node: TreeNode = { name: parts.at(-1) ?? "", path, type: "directory", size: 0, children: [] };
    parent.children.push(node);
    byPath.set(path, node);
    return node;
  };

  for (const entry of entries) {
    const parts = splitPath(entry.path);
    const inside = rootParts.every((part, i) => parts[i] === part) && parts.length > rootParts.length;
    if (!inside) continue;
    const path = `/${parts.join("/")}`;
    if (entry.type === "directory") {
      folderAt(parts);
      continue;
    }
    if (byPath.has(path)) continue;
    const parent = folderAt(parts.slice(0, -1));
    const node: TreeNode = {
      name: parts.at(-1) ?? "",
      path,
      type: entry.type,
      size: entry.size,
      children: [],
    };
    parent.children.push(node);
    byPath.set(path, node);
  }
  sortTree(top.children);
  return top.children;
}

function sortTree(nodes: TreeNode[]): void {
  nodes.sort((a, b) => {
    const folderFirst = Number(b.type === "directory") - Number(a.type === "directory");
    return folderFirst || a.name.localeCompare(b.name);
  });
  for (const node of nodes) sortTree(node.children);
}

/** The folders on the way to `path` (itself included), which must be open to show it. */
export function ancestorsOf(path: string): string[] {
  const parts = splitPath(path);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}

export type FileKind = "python" | "script" | "json" | "markdown" | "text" | "other";

/** Which icon a file gets, by its extension (product spec: py, js/ts, json, md, txt, other). */
export function fileKind(name: string): FileKind {
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  switch (ext) {
    case "py":
      return "python";
    case "js":
    case "jsx":
    case "mjs":
    case "cjs":
    case "ts":
    case "tsx":
      return "script";
    case "json":
      return "json";
    case "md":
    case "markdown":
      return "markdown";
    case "txt":
      return "text";
    default:
      return "other";
  }
}

/** The highlighter language for a file's content, when the viewer knows one. */
export function languageOfFile(name: string): string | undefined {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const languages: Record<string, string> = {
    py: "python",
    js: "javascript",
    mjs: "javascript",
    cjs: "javascript",
    jsx: "javascript",
    ts: "typescript",
    tsx: "typescript",
    json: "json",
    md: "markdown",
    sh: "bash",
    bash: "bash",
    yml: "yaml",
    yaml: "yaml",
    html: "xml",
    xml: "xml",
    css: "css",
    sql: "sql",
  };
  return languages[ext];
}

/** How many files (not folders) the tree holds. */
export function countFiles(nodes: readonly TreeNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.type === "directory" ? countFiles(node.children) : 1), 0);
}

export interface TreeRow {
  node: TreeNode;
  /** 1 for the top level (aria-level). */
  level: number;
  parentPath: string | null;
  /** Position among its siblings, from 1, and how many siblings (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
}

/** The rows a tree shows: every node whose folders above it are all expanded, in order. */
export function visibleRows(nodes: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (level: number, list: readonly TreeNode[], parentPath: string | null) => {
    list.forEach((node, i) => {
      rows.push({ node, level, parentPath, position: i + 1, siblings: list.length });
      if (node.type === "directory" && expanded.has(node.path)) walk(level + 1, node.children, node.path);
    });
  };
  walk(1, nodes, null);
  return rows;
}
