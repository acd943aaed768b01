import { z } from "zod";
import type { planSchema } from "./auth";
import { endpoint } from "./endpoint";

type Plan = z.infer<typeof planSchema>;

/**
 * The user's workspace, as the user (and code in the sandbox) sees it. Every path in the
 * files API is a workspace path under `/home/user`; a relative path is taken from there.
 */
export const WORKSPACE_HOME = "/home/user";
/** The starter tree a new workspace gets. */
export const STARTER_DIR = "/home/user/projects";

const MB = 1024 * 1024;
export interface WorkspaceQuota {
  /** Largest single file, in bytes. */
  maxFileBytes: number;
  /** All files of the workspace together, in bytes. */
  maxWorkspaceBytes: number;
}
/** Default quotas by plan (the server may be configured with other figures; see GET /api/files/stats). */
export const defaultWorkspaceQuotas: Record<Plan, WorkspaceQuota> = {
  free: { maxFileBytes: 10 * MB, maxWorkspaceBytes: 100 * MB },
  pro: { maxFileBytes: 100 * MB, maxWorkspaceBytes: 2048 * MB },
};
/** Text opened or saved as JSON (the editor) is capped lower than uploads and downloads. */
export const MAX_TEXT_FILE_BYTES = 5 * MB;
/** GET /api/files answers at most this many entries (header `x-files-truncated: true` beyond). */
export const MAX_LIST_ENTRIES = 10_000;

const workspacePath = z.string().min(1, "Path is required").max(4096, "Path is too long");

export const fileTypeSchema = z.enum(["file", "directory", "symlink"]);
export const fileEntrySchema = z.object({
  /** Workspace path, e.g. /home/user/projects/example.py */
  path: workspacePath,
  type: fileTypeSchema,
  /** Bytes (0 for folders). */
  size: z.number().int().min(0),
  /** ISO 8601 time of the last modification. */
  modified: z.string(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** A folder's entries, at most MAX_LIST_ENTRIES of them. */
export const fileListingSchema = z.object({ entries: z.array(fileEntrySchema), truncated: z.boolean() });
export type FileListing = z.infer<typeof fileListingSchema>;

export const fileStatsSchema = z.object({
  totalFiles: z.number().int().min(0),
  totalSize: z.number().int().min(0),
  /** Text the person sent to the search index themselves: it counts against the quota with the files. */
  indexSize: z.number().int().min(0).default(0),
  /** Files the person deleted, waiting in the trash: they count against the quota until gone for good. */
  trashSize: z.number().int().min(0).default(0),
  quota: z.object({ maxFileBytes: z.number(), maxWorkspaceBytes: z.number() }),
});
export type FileStats = z.infer<typeof fileStatsSchema>;

/** GET /api/files?path=&recursive= — lists below `path` (default /home/user), recursively by default. */
export const listFilesQuerySchema = z.object({
  path: workspacePath.default(WORKSPACE_HOME),
  recursive: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});
/** GET /api/files/content?path=, GET /api/files/download?path=, DELETE /api/files?path= */
export const filePathQuerySchema = z.object({ path: workspacePath });

/** GET /api/files/zip takes at most this many paths. */
export const MAX_ZIP_PATHS = 500;
/**
 * GET /api/files/zip?path=…&path=… — one zip of the files and folders named (`path` repeated; one
 * is a plain string). Names in the zip start at each item's folder (/home/user/proj gives proj/…).
 */
export const zipQuerySchema = z.object({
  path: z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z
      .array(workspacePath, { error: "Choose at least one file or folder" })
      .min(1, "Choose at least one file or folder")
      .max(MAX_ZIP_PATHS, `Zip at most ${MAX_ZIP_PATHS} files and folders at once`),
  ),
});

export const fileEncodingSchema = z.enum(["utf8", "base64"]);
/** GET /api/files/content answers this; binary files come back in base64. */
export const fileContentSchema = z.object({
  path: workspacePath,
  content: z.string(),
  encoding: fileEncodingSchema,
  size: z.number().int().min(0),
  modified: z.string(),
  /** A hash of the bytes: the read's ETag, and the If-Match a save sends to refuse a stale write. */
  version: z.string(),
});
export type FileContent = z.infer<typeof fileContentSchema>;

/** PUT /api/files/content — creates or replaces a file (atomically); answers its FileEntry. */
export const writeFileSchema = z.object({
  path: workspacePath,
  content: z.string(),
  encoding: fileEncodingSchema.default("utf8"),
  /** false: refuse (409) when the file exists. */
  overwrite: z.boolean().default(true),
});
export type WriteFileInput = z.input<typeof writeFileSchema>;
/** What PUT /api/files/content answers: the file's entry and its new version (the next If-Match). */
export const writtenFileSchema = fileEntrySchema.extend({ version: z.string() });
export type WrittenFile = z.infer<typeof writtenFileSchema>;

/** POST /api/files/mkdir — creates the folder and any missing parents; answers its FileEntry. */
export const mkdirSchema = z.object({ path: workspacePath });

/** POST /api/files/move — renames or moves a file or folder; refuses (409) to replace anything. */
export const moveFileSchema = z.object({ from: workspacePath, to: workspacePath });

/**
 * POST /api/files/upload?dir=/home/user/projects — multipart/form-data with one or more file
 * parts. Each part's file name must be a plain name (no folders). All files are written or none.
 * Answers `{ files: FileEntry[] }` with 201.
 */
export const uploadQuerySchema = z.object({
  dir: workspacePath.default(WORKSPACE_HOME),
  overwrite: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

/** What POST /api/files/upload answers (201): the files written. */
export const uploadedFilesSchema = z.object({ files: z.array(fileEntrySchema) });

/**
 * The files API (server: apps/server/src/workspace/routes.ts). Paths go in the query string
 * (`?path=`); upload, download and zip carry bytes, not JSON (their body and answer are null).
 */
export const filesApi = {
  /** `?path=&recursive=` (listFilesQuerySchema); beyond MAX_LIST_ENTRIES it sets `x-files-truncated`. */
  list: endpoint({ method: "GET", path: "/api/files", body: null, answer: z.array(fileEntrySchema) }),
  stats: endpoint({ method: "GET", path: "/api/files/stats", body: null, answer: fileStatsSchema }),
  /** `?path=`; its ETag is the version. */
  content: endpoint({ method: "GET", path: "/api/files/content", body: null, answer: fileContentSchema }),
  /** An `If-Match` of the version read refuses (409) a save over a newer file. */
  write: endpoint({
    method: "PUT",
    path: "/api/files/content",
    body: writeFileSchema,
    answer: writtenFileSchema,
  }),
  mkdir: endpoint({ method: "POST", path: "/api/files/mkdir", body: mkdirSchema, answer: fileEntrySchema }),
  move: endpoint({ method: "POST", path: "/api/files/move", body: moveFileSchema, answer: fileEntrySchema }),
  /** `?path=`: moves it to the trash (204). */
  remove: endpoint({ method: "DELETE", path: "/api/files", body: null, answer: null }),
  /** `?dir=&overwrite=` (uploadQuerySchema), a multipart/form-data body. */
  upload: endpoint({ method: "POST", path: "/api/files/upload", body: null, answer: uploadedFilesSchema }),
  /** `?path=`: the file's bytes. */
  download: endpoint({ method: "GET", path: "/api/files/download", body: null, answer: null }),
  /** `?path=` of an HTML file: the page for a sandboxed frame (its scripts run in an opaque origin that reaches nothing). */
  preview: endpoint({ method: "GET", path: "/api/files/preview", body: null, answer: null }),
  /** `?path=` repeated (zipQuerySchema): one zip. */
  zip: endpoint({ method: "GET", path: "/api/files/zip", body: null, answer: null }),
};

/** The media type of each image a file's extension names (shown inline on the web). */
const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  ico: "image/x-icon",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/** A file name's extension, lower case ("" for none). */
export const extensionOf = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";

/** The image type a file's name says it is; null for other files. */
export const imageTypeOf = (path: string): string | null => IMAGE_TYPES[extensionOf(path)] ?? null;
