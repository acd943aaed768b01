import { z } from "zod";

/** Spec: threshold 0.1-1 (step 0.05, default 0.7), max results 1-50 (default 10). */
export const VECTOR_THRESHOLD = { min: 0.1, max: 1, step: 0.05, initial: 0.7 } as const;
export const VECTOR_LIMIT = { min: 1, max: 50, initial: 10 } as const;
/** What one embed request may carry (characters). */
export const VECTOR_CONTENT_MAX = 200_000;

export const vectorObjectTypes = ["file", "message", "document", "text"] as const;
export const vectorObjectTypeSchema = z.enum(vectorObjectTypes);

export const vectorSearchOptionsSchema = z
  .object({
    /** Omitted for all types. */
    objectType: vectorObjectTypeSchema.optional(),
    limit: z.number().int().min(VECTOR_LIMIT.min).max(VECTOR_LIMIT.max).default(VECTOR_LIMIT.initial),
    threshold: z
      .number()
      .min(VECTOR_THRESHOLD.min)
      .max(VECTOR_THRESHOLD.max)
      .default(VECTOR_THRESHOLD.initial),
  })
  .strict();

/** hybrid: words and meaning together; keyword: words only (BM25); vector: meaning only. */
export const vectorSearchModes = ["hybrid", "keyword", "vector"] as const;
export const vectorSearchModeSchema = z.enum(vectorSearchModes, {
  error: "mode must be hybrid, keyword or vector",
});
export type VectorSearchMode = z.infer<typeof vectorSearchModeSchema>;

export const vectorSearchSchema = z
  .object({
    query: z.string().trim().min(1, "Please enter a search query").max(1000),
    mode: vectorSearchModeSchema.default("hybrid"),
    options: vectorSearchOptionsSchema.prefault({}),
  })
  .strict();
export const vectorSimilarSchema = z
  .object({ objectId: z.string().trim().min(1).max(1024), options: vectorSearchOptionsSchema.prefault({}) })
  .strict();

const content = z.string().min(1, "content is required").max(VECTOR_CONTENT_MAX, "content is too long");
const metadata = z.record(z.string(), z.json()).default({});
export const vectorEmbedSchema = z.object({ content }).strict();
export const vectorEmbedFileSchema = z
  .object({ fileId: z.string().trim().min(1).max(1024), content, metadata })
  .strict();
export const vectorEmbedMessageSchema = z
  .object({
    messageId: z.string().trim().min(1).max(200),
    content,
    role: z.enum(["user", "assistant", "system", "tool"]),
    metadata,
  })
  .strict();
export const vectorChooseModelSchema = z.object({ modelId: z.string().trim().min(1).max(200) }).strict();
export const vectorAnalyticsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** Spec: a search result (similarity 0-1). */
export interface VectorSearchResult {
  id: string;
  objectType: string;
  objectId: string;
  content: string;
  similarity: number;
  metadata: Record<string, unknown>;
  /**
   * The matched passage to show, with the query's words marked as [start, end) character
   * ranges of `text` (plain text: a client renders the marks, never HTML).
   */
  snippet: { text: string; marks: [number, number][] };
  /** Where a file result is: `path:from-to` (lines); absent for other objects. */
  location?: string;
}

/** Spec: an embedding model (id, name, provider, modelId, dimensions, isActive). */
export interface EmbeddingModel {
  id: string;
  name: string;
  provider: string;
  modelId: string;
  dimensions: number;
  isActive: boolean;
  /** Not on the server yet: choosing it downloads it first (all-MiniLM-L6-v2, about 23 MB). */
  needsDownload?: boolean;
}

/** A switch of the embedding model: the index re-embedded in the background. */
export interface EmbeddingModelSwitch {
  target: string;
  state: "downloading" | "embedding" | "done" | "failed";
  done: number;
  total: number;
  error?: string;
  /** While the model downloads to the server. */
  download?: { receivedBytes: number; totalBytes: number | null };
}
