import { z } from "zod";
import { accessibilitySettingsSchema } from "./accessibility";
import { ACCESSIBILITY_PREFERENCE } from "./accessibility-settings";
import { PINNED_APPS_PREFERENCE } from "./app-pins";
import { AUDIO_PREFERENCE, audioPreferencesSchema } from "./audio";
import { pinnedAppsSchema } from "./marketplace";

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

/** A file name from a document's title: the characters file systems refuse become dashes. */
export function fileNameOf(title: string, extension: string, fallback: string): string {
  const safe = [...title.trim()].map((c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "-" : c)).join("");
  return `${(safe || fallback).slice(0, 120)}.${extension}`;
}
