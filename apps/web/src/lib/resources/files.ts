import {
  type FileContent,
  type FileEntry,
  type FileStats,
  filesApi,
  trashApi,
  WORKSPACE_HOME,
  type WriteFileInput,
} from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { call, HttpError } from "../api";

/** The files API's writes and a fresh read (server: apps/server/src/workspace/routes.ts). */
export const fileApi = {
  read: (path: string) => call(filesApi.content, { query: { path } }),
  /**
   * Writes a text file; with `version` (the one it was read at) a save over a newer one is refused
   * with a 409 that carries the file as it is now; `overwrite: false` refuses an existing file.
   */
  write: async (
    path: string,
    content: string,
    options: { version?: string | null; overwrite?: boolean } = {},
  ) => {
    const body: WriteFileInput = {
      path,
      content,
      ...(options.overwrite === undefined ? {} : { overwrite: options.overwrite }),
    };
    // The version the change was made on: another one on the server is a 409.
    const headers = options.version ? { "if-match": `"${options.version}"` } : undefined;
    return call(filesApi.write, { body, headers });
  },
  mkdir: async (path: string) => {
    await call(filesApi.mkdir, { body: { path } });
  },
  move: async (from: string, to: string) => {
    await call(filesApi.move, { body: { from, to } });
  },
  /** Moves a file or folder to the trash (30 days; `restore` puts it back). */
  remove: async (path: string) => {
    await call(filesApi.remove, { query: { path } });
  },
  /** Takes the file or folder last deleted at `path` back from the trash (the delete toast's Undo). */
  restore: async (path: string) => {
    await call(trashApi.restore, { body: { type: "file", itemId: path } });
  },
};

/**
 * One key set for the workspace's files: every query starts with "/api/files", so invalidating
 * `filesKeys.all` refreshes every view of them (the Files page, the console's tree, viewers).
 */
export const filesKeys = {
  all: [filesApi.list.path] as const,
  tree: [filesApi.list.path, "tree"] as const,
  dir: (path: string) => [filesApi.list.path, "dir", path] as const,
  stats: [filesApi.list.path, "stats"] as const,
  content: (path: string) => [filesApi.list.path, "content", path] as const,
};

/** The entries directly inside one folder (GET /api/files?recursive=false). */
export function useDirectory(path: string) {
  return useQuery({
    queryKey: filesKeys.dir(path),
    queryFn: ({ signal }): Promise<FileEntry[]> =>
      call(filesApi.list, { query: { path, recursive: false }, signal }),
  });
}

export function useFileStats() {
  return useQuery({
    queryKey: filesKeys.stats,
    queryFn: ({ signal }): Promise<FileStats> => call(filesApi.stats, { signal }),
  });
}

/** Every entry of the user's workspace (GET /api/files lists /home/user recursively). */
export function useWorkspaceFiles() {
  return useQuery({
    queryKey: filesKeys.tree,
    queryFn: ({ signal }): Promise<FileEntry[]> => call(filesApi.list, { signal }),
  });
}

/** One text file's content, for the viewers (read fresh each time it is opened). */
export function useFileContent(path: string | null) {
  return useQuery({
    queryKey: filesKeys.content(path ?? ""),
    queryFn: ({ signal }): Promise<FileContent> =>
      call(filesApi.content, { query: { path: path ?? "" }, signal }),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

const atPath = (path: string) => `path=${encodeURIComponent(path)}`;

/** Where a file's bytes are downloaded from (a link or a fetch of bytes, not a JSON call). */
export function downloadUrl(path: string): string {
  return `${filesApi.download.path}?${atPath(path)}`;
}

/** The page of an HTML file for a sandboxed frame (its own scripts run; it reaches nothing). */
export function previewUrl(path: string): string {
  return `${filesApi.preview.path}?${atPath(path)}`;
}

/**
 * One zip of several files and folders (GET /api/files/zip, `path` repeated; at most MAX_ZIP_PATHS):
 * a link, not a JSON call.
 */
export function zipUrl(paths: string[]): string {
  return `${filesApi.zip.path}?${paths.map(atPath).join("&")}`;
}

/** The longest zip address the server takes (its request line is capped at 16 KB). */
export const MAX_ZIP_URL = 12 * 1024;

/**
 * Uploads files into `dir` with XMLHttpRequest so the upload progress can be shown
 * (`onProgress` gets 0..1): a multipart body, so not through call(). Rejects with an HttpError
 * carrying the server's message.
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
    xhr.open("POST", `${filesApi.upload.path}?dir=${encodeURIComponent(dir)}`);
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
