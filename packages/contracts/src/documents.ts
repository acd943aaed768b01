import { z } from "zod";
import { accessibilitySettingsSchema } from "./accessibility";
import { ACCESSIBILITY_PREFERENCE } from "./accessibility-settings";
import { PINNED_APPS_PREFERENCE } from "./app-pins";
import { AUDIO_PREFERENCE, audioPreferencesSchema } from "./audio";
import { endpoint } from "./endpoint";
import { pinnedAppsSchema } from "./marketplace";
import { preferencePath } from "./preferences";
import { trashTaskSchema } from "./trash";

/** Caps of the documents store: one document (title + JSON content), and all of a person's. */
export const DOCUMENT_MAX_BYTES = 256 * 1024;
export const DOCUMENTS_MAX_BYTES_PER_ACCOUNT = 10 * 1024 * 1024;
/** Preferences: one value, and how many namespaces a person keeps. */
export const PREFERENCE_MAX_BYTES = 64 * 1024;
export const PREFERENCES_MAX_PER_ACCOUNT = 100;

/** An app's name for its documents or preferences, e.g. `notes`, `prompt-canvas`. */
export const documentKindSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9-]{0,39}$/,
    "A kind is 1-40 lowercase letters, digits or dashes, starting with a letter",
  );

const title = z.string().trim().max(200, "A title holds at most 200 characters");

export const documentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  content: z.json(),
  /** Goes up by one with each saved change; an update names the version it changes. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppDocument = z.infer<typeof documentSchema>;
/** A document as listed: all but its content. */
export const documentSummarySchema = documentSchema.omit({ content: true });
export type AppDocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentListQuerySchema = z.object({ kind: documentKindSchema });

export const createDocumentSchema = z
  .object({ kind: documentKindSchema, title: title.default(""), content: z.json() })
  .strict();
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

export const updateDocumentSchema = z
  .object({
    /** The version this change was made on: another version is 409 and changes nothing. */
    version: z.number().int().min(1),
    title: title.optional(),
    content: z.json().optional(),
  })
  .strict();
export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;

export const preferenceInputSchema = z.object({ value: z.json() }).strict();
/** Preferences whose shape the product knows: a value of another shape is refused (400). */
export const preferenceSchemas: Record<string, z.ZodType> = {
  [ACCESSIBILITY_PREFERENCE]: accessibilitySettingsSchema,
  [AUDIO_PREFERENCE]: audioPreferencesSchema,
  [PINNED_APPS_PREFERENCE]: pinnedAppsSchema,
};
export type Preference = { namespace: string; value: z.infer<ReturnType<typeof z.json>> | null };
/** A preference as the server answers it (its value null when none is stored). */
export const preferenceSchema = z.object({ namespace: z.string(), value: z.json() });

/**
 * A person's preferences (server: apps/server/src/documents/routes.ts), at preferencePath: the
 * web's first download takes that path without zod and checks the answer by hand.
 */
export const preferencesApi = {
  read: endpoint({ method: "GET", path: preferencePath, body: null, answer: preferenceSchema }),
  /** A known preference's value (preferenceSchemas) has its shape, else 400. Answers the stored one (unread). */
  save: endpoint({ method: "PUT", path: preferencePath, body: preferenceInputSchema, answer: null }),
};

/** A file name from a document's title: the characters file systems refuse become dashes. */
export function fileNameOf(title: string, extension: string, fallback: string): string {
  const safe = [...title.trim()].map((c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "-" : c)).join("");
  return `${(safe || fallback).slice(0, 120)}.${extension}`;
}

/** The documents API (server: apps/server/src/documents/routes.ts). */
export const documentsApi = {
  /** The person's documents of one kind (`?kind=`), without their content. */
  list: endpoint({
    method: "GET",
    path: "/api/documents",
    body: null,
    answer: z.array(documentSummarySchema),
  }),
  /** 201. */
  create: endpoint({
    method: "POST",
    path: "/api/documents",
    body: createDocumentSchema,
    answer: documentSchema,
  }),
  get: endpoint({ method: "GET", path: "/api/documents/:id", body: null, answer: documentSchema }),
  /** Another version than the one named is 409. */
  update: endpoint({
    method: "PUT",
    path: "/api/documents/:id",
    body: updateDocumentSchema,
    answer: documentSchema,
  }),
  /** Moves the document to the trash. */
  remove: endpoint({ method: "DELETE", path: "/api/documents/:id", body: null, answer: null }),
  /** Keeps a task just deleted from the list document in the trash (201); answers the trash entry's id. */
  trashTask: endpoint({
    method: "POST",
    path: "/api/documents/:id/trash",
    body: trashTaskSchema,
    answer: z.object({ id: z.string() }),
  }),
};

/** What can be exported: one document's Markdown (the documents store's 256 KB cap). */
export const exportRequestSchema = z
  .object({
    title: z.string().trim().max(200).default(""),
    markdown: z.string().max(DOCUMENT_MAX_BYTES, "A document holds at most 256 KB"),
  })
  .strict();

/** A document exported as a file (server: apps/server/src/exports/routes.ts). */
export const exportApi = {
  /** `:format` is pdf or docx; the answer is the file's bytes, not JSON (hence no answer schema). */
  file: endpoint({ method: "POST", path: "/api/export/:format", body: exportRequestSchema, answer: null }),
};
