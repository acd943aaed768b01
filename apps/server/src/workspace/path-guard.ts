import path from "node:path";
import { WORKSPACE_HOME } from "@neuroos/contracts";
import { AppError } from "../http/errors";

/**
 * The path guard's syntactic half: turns an untrusted workspace path into its segments below
 * /home/user, or refuses it. Every files API input (paths, upload names, move targets) and
 * every symlink target met while resolving goes through here; `resolveInWorkspace`
 * (safe-fs.ts) does the rest against the disk, never following a link out of the workspace.
 */
export class PathRefused extends AppError {
  constructor(message: string) {
    super(400, "invalid_path", message);
  }
}

const MAX_SEGMENT_BYTES = 255;
const MAX_DEPTH = 64;
const encoded = /%[0-9a-f]{2}/i;
// C0 and C1 control characters, DEL, and bidi/zero-width marks that disguise a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** True when `candidate` is `root` itself or lies below it (separator-aware: /ws/a never admits /ws/a2). */
export function isInside(root: string, candidate: string): boolean {
  const r = path.resolve(root);
  const c = path.resolve(candidate);
  if (c === r) return true;
  return c.startsWith(r.endsWith(path.sep) ? r : r + path.sep);
}

/** The workspace path of segments, e.g. ["projects", "a.py"] -> /home/user/projects/a.py. */
export function toWorkspacePath(segments: readonly string[]): string {
  return segments.length === 0 ? WORKSPACE_HOME : `${WORKSPACE_HOME}/${segments.join("/")}`;
}

/** Checks one name (a segment or an upload's file name); returns it or throws PathRefused. */
export function checkName(name: string): string {
  if (name.length === 0) throw new PathRefused("Empty file name");
  if (name.includes("\0")) throw new PathRefused("Path contains a NUL byte");
  if (controls.test(name)) throw new PathRefused("Path contains control characters");
  if (name.includes("\\")) throw new PathRefused("Path must use '/' as separator, not '\\'");
  if (name.includes("/")) throw new PathRefused("A file name cannot contain '/'");
  if (encoded.test(name)) throw new PathRefused("Path must not be URL-encoded");
  const compat = name.normalize("NFKC");
  if (name === "." || name === "..") throw new PathRefused("Path must not contain '.' or '..' segments");
  // Look-alikes that some tools fold into dots or separators (fullwidth, one-dot leaders, ...).
  if (
    compat === "." ||
    compat === ".." ||
    compat.includes("/") ||
    compat.includes("\\") ||
    /[\u2044\u2215\u2216\u29f5\u29f8\u29f9]/u.test(compat) ||
    /^[.\u2024\u2025\u2026\uff0e\ufe52]+$/u.test(name)
  )
    throw new PathRefused("Path contains a disguised '..' or separator");
  if (Buffer.byteLength(name) > MAX_SEGMENT_BYTES) throw new PathRefused("File name is too long");
  return name;
}

/**
 * Parses a workspace path: absolute under /home/user, `~/...`, or relative to /home/user.
 * Refuses `..` and `.` segments, absolute host paths, NUL and control bytes, backslashes,
 * URL-encoded and Unicode look-alike variants. Returns the segments below /home/user.
 */
export function parseWorkspacePath(input: unknown): string[] {
  if (typeof input !== "string" || input.length === 0) throw new PathRefused("Path is required");
  if (input.length > 4096) throw new PathRefused("Path is too long");
  let rest: string;
  if (input === "~" || input.startsWith("~/")) rest = input.slice(1);
  else if (input.startsWith("/")) {
    if (input !== WORKSPACE_HOME && !input.startsWith(`${WORKSPACE_HOME}/`))
      throw new PathRefused(`Path must be inside ${WORKSPACE_HOME}`);
    rest = input.slice(WORKSPACE_HOME.length);
  } else rest = input;
  const segments = rest.split("/").filter((s) => s.length > 0);
  if (segments.length > MAX_DEPTH) throw new PathRefused("Path is too deep");
  for (const s of segments) checkName(s);
  return segments;
}
