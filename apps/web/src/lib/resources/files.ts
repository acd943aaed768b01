import {
  fileContentSchema,
  fileEntrySchema,
  fileStatsSchema,
  WORKSPACE_HOME,
  writtenFileSchema,
} from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, HttpError } from "../api";

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { credentials: "include", signal });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new HttpError(response.status, text, response.statusText);
  }
  return response.json();
}

const atPath = (path: string) => `path=${encodeURIComponent(path)}`;

/** The files API's writes and a fresh read (server: apps/server/src/workspace/routes.ts). */
export const fileApi = {
  read: async (path: string) =>
    fileContentSchema.parse(await apiRequest("GET", `/api/files/content?${atPath(path)}`)),
  /**
   * Writes a text file; with `version` (the one it was read at) a save over a newer one is refused
   * with a 409 that carries the file as it is now; `overwrite: false` refuses an existing file.
   */
  write: async (
    path: string,
    content: string,
    options: { version?: string | null; overwrite?: boolean } = {},
  ) =>
    writtenFileSchema.parse(
      await apiRequest(
        "PUT",
        "/api/files/content",
        { path, content, ...(options.overwrite === undefined ? {} : { overwrite: options.overwrite }) },
        options.version ? { headers: { "if-match": `"${options.version}"` } } : {},
      ),
    ),
  mkdir: async (path: string) => {
    await apiRequest("POST", "/api/files/mkdir", { path });
  },
  move: async (from: string, to: string) => {
    await apiRequest("POST", "/api/files/move", { from, to });
  },
  /** Moves a file or folder to the trash (30 days; `restore` puts it back). */
  remove: async (path: string) => {
    await apiRequest("DELETE", `/api/files?${atPath(path)}`);
  },
  /** Takes the file or folder last deleted at `path` back from the trash (the delete toast's Undo). */
  restore: async (path: string) => {
    await apiRequest("POST", "/api/trash/restore", { type: "file", itemId: path });
  },
};

/**
 * One key set for the workspace's files: every query starts with "/api/files", so invalidating
 * `filesKeys.all` refreshes every view of them (the Files page, the console's tree, viewers).
 */
export const filesKeys = {
  all: ["/api/files"] as const,
  tree: ["/api/files", "tree"] as const,
  dir: (path: string) => ["/api/files", "dir", path] as const,
  stats: ["/api/files", "stats"] as const,
  content: (path: string) => ["/api/files", "content", path] as const,
};

/** The entries directly inside one folder (GET /api/files?recursive=false). */
export function useDirectory(path: string) {
  return useQuery({
    queryKey: filesKeys.dir(path),
    queryFn: async ({ signal }) =>
      z
        .array(fileEntrySchema)
        .parse(await getJson(`/api/files?path=${encodeURIComponent(path)}&recursive=false`, signal)),
  });
}

export function useFileStats() {
  return useQuery({
    queryKey: filesKeys.stats,
    queryFn: async ({ signal }) => fileStatsSchema.parse(await getJson("/api/files/stats", signal)),
  });
}

/** Every entry of the user's workspace (GET /api/files lists /home/user recursively). */
export function useWorkspaceFiles() {
  return useQuery({
    queryKey: filesKeys.tree,
    queryFn: async ({ signal }) => z.array(fileEntrySchema).parse(await getJson("/api/files", signal)),
  });
}

/** One text file's content, for the viewers (read fresh each time it is opened). */
export function useFileContent(path: string | null) {
  return useQuery({
    queryKey: filesKeys.content(path ?? ""),
    queryFn: async ({ signal }) =>
      fileContentSchema.parse(
        await getJson(`/api/files/content?path=${encodeURIComponent(path ?? "")}`, signal),
      ),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function downloadUrl(path: string): string {
  return `/api/files/download?path=${encodeURIComponent(path)}`;
}

/** One zip of several files and folders (GET /api/files/zip, `path` repeated; at most MAX_ZIP_PATHS). */
export function zipUrl(paths: string[]): string {
  return `/api/files/zip?${paths.map(atPath).join("&")}`;
}

/** The longest zip address the server takes (its request line is capped at 16 KB). */
export const MAX_ZIP_URL = 12 * 1024;

/**
 * Uploads files into `dir` with XMLHttpRequest so the upload progress can be shown
 * (`onProgress` gets 0..1). Rejects with an HttpError carrying the server's message.
 */
export function uploadFiles(
  dir: string,
  files: File[],
  onProgress: (fraction: number) => void,
): { promise: Promise<void>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append("file", file, file.name);
    xhr.open("POST", `/api/files/upload?dir=${encodeURIComponent(dir)}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new HttpError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error("The upload failed: the server could not be reached"));
    xhr.onabort = () => reject(new Error("The upload was cancelled"));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Joins a folder and a plain name into a workspace path. */
export function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1) || path;
}

/** The breadcrumb trail from /home/user down to `path`. */
export function breadcrumbs(path: string): { name: string; path: string }[] {
  const crumbs = [{ name: "home", path: WORKSPACE_HOME }];
  if (!path.startsWith(`${WORKSPACE_HOME}/`)) return crumbs;
  let current = WORKSPACE_HOME;
  for (const part of path.slice(WORKSPACE_HOME.length + 1).split("/")) {
    if (!part) continue;
    current = `${current}/${part}`;
    crumbs.push({ name: part, path: current });
  }
  return crumbs;
}

/** A plain file or folder name: no slashes, not "." or "..", no NUL. */
export function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return "Enter a name";
  if (trimmed === "." || trimmed === "..") return "That name is not allowed";
  if (/[/\\\0]/.test(trimmed)) return "A name cannot contain / or \\";
  if (trimmed.length > 255) return "The name is too long";
  return undefined;
}
