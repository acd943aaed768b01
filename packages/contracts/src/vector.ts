import { z } from "zod";
import { endpoint } from "./endpoint";

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
export const vectorSearchResultSchema = z.object({
  id: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  content: z.string(),
  similarity: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  /**
   * The matched passage to show, with the query's words marked as [start, end) character
   * ranges of `text` (plain text: a client renders the marks, never HTML).
   */
  snippet: z.object({ text: z.string(), marks: z.array(z.tuple([z.number(), z.number()])) }),
  /** Where a file result is: `path:from-to` (lines); absent for other objects. */
  location: z.string().optional(),
});
export type VectorSearchResult = z.infer<typeof vectorSearchResultSchema>;
/** POST /api/vector/search (and /similar) answers this. */
export const vectorSearchResponseSchema = z.object({ results: z.array(vectorSearchResultSchema) });

/** Spec: an embedding model (id, name, provider, modelId, dimensions, isActive). */
export const embeddingModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  modelId: z.string(),
  dimensions: z.number(),
  isActive: z.boolean(),
  /** Not on the server yet: choosing it downloads it first (all-MiniLM-L6-v2, about 23 MB). */
  needsDownload: z.boolean().optional(),
});
export type EmbeddingModel = z.infer<typeof embeddingModelSchema>;

/** A switch of the embedding model: the index re-embedded in the background. */
export const embeddingModelSwitchSchema = z.object({
  target: z.string(),
  state: z.enum(["downloading", "embedding", "done", "failed"]),
  done: z.number(),
  total: z.number(),
  error: z.string().optional(),
  /** While the model downloads to the server. */
  download: z.object({ receivedBytes: z.number(), totalBytes: z.number().nullable() }).optional(),
});
export type EmbeddingModelSwitch = z.infer<typeof embeddingModelSwitchSchema>;

/** The index's progress: files, messages and documents embedded, and those skipped (why). */
export const vectorIndexProgressSchema = z.object({
  state: z.enum(["idle", "indexing", "done"]),
  done: z.number(),
  total: z.number(),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
});
/** GET /api/vector/status answers this. */
export const vectorIndexStatusSchema = z.object({
  progress: vectorIndexProgressSchema,
  chunks: z.number(),
  index: z.enum(["hnsw", "exact"]),
  switching: embeddingModelSwitchSchema.nullable(),
});
export type VectorIndexStatus = z.infer<typeof vectorIndexStatusSchema>;

/** POST /api/vector/initialize answers this (indexing goes on in the background). */
export const vectorInitializeResponseSchema = z.object({
  message: z.string(),
  initialized: z.boolean(),
  progress: vectorIndexProgressSchema,
});

/** GET /api/vector/models answers this. */
export const vectorModelsResponseSchema = z.object({
  models: z.array(embeddingModelSchema),
  index: z.enum(["hnsw", "exact"]),
  switching: embeddingModelSwitchSchema.nullable(),
});
/** POST /api/vector/models/active answers this (null: the model was chosen at once). */
export const vectorModelChoiceResponseSchema = z.object({ switching: embeddingModelSwitchSchema.nullable() });

/** One search of the person's, as GET /api/vector/analytics lists them (newest first). */
export const vectorAnalyticsEntrySchema = z.object({
  id: z.string(),
  query: z.string(),
  resultCount: z.number(),
  searchType: z.string(),
  createdAt: z.string(),
});
export type VectorAnalyticsEntry = z.infer<typeof vectorAnalyticsEntrySchema>;
export const vectorAnalyticsResponseSchema = z.object({ analytics: z.array(vectorAnalyticsEntrySchema) });

/** POST /api/vector/embed (and /embed/file, /embed/message) answers this: the object's mean embedding. */
export const vectorEmbedResponseSchema = z.object({
  /** The object's id in the index; null when it had nothing to index. */
  id: z.string().nullable(),
  chunks: z.number(),
  embedding: z.array(z.number()),
});
/** DELETE /api/vector/embed/:id answers this (404 when nothing had that id). */
export const vectorRemovedSchema = z.object({ success: z.literal(true) });

/** The vector search API (server: apps/server/src/vector/routes.ts). */
export const vectorApi = {
  /** Starts indexing the person's files, messages and documents in the background. */
  initialize: endpoint({
    method: "POST",
    path: "/api/vector/initialize",
    body: null,
    answer: vectorInitializeResponseSchema,
  }),
  status: endpoint({
    method: "GET",
    path: "/api/vector/status",
    body: null,
    answer: vectorIndexStatusSchema,
  }),
  search: endpoint({
    method: "POST",
    path: "/api/vector/search",
    body: vectorSearchSchema,
    answer: vectorSearchResponseSchema,
  }),
  similar: endpoint({
    method: "POST",
    path: "/api/vector/similar",
    body: vectorSimilarSchema,
    answer: vectorSearchResponseSchema,
  }),
  /** Indexes a text of the person's own (counted against their quota). */
  embed: endpoint({
    method: "POST",
    path: "/api/vector/embed",
    body: vectorEmbedSchema,
    answer: vectorEmbedResponseSchema,
  }),
  embedFile: endpoint({
    method: "POST",
    path: "/api/vector/embed/file",
    body: vectorEmbedFileSchema,
    answer: vectorEmbedResponseSchema,
  }),
  embedMessage: endpoint({
    method: "POST",
    path: "/api/vector/embed/message",
    body: vectorEmbedMessageSchema,
    answer: vectorEmbedResponseSchema,
  }),
  /** `?limit=` (vectorAnalyticsQuerySchema). */
  analytics: endpoint({
    method: "GET",
    path: "/api/vector/analytics",
    body: null,
    answer: vectorAnalyticsResponseSchema,
  }),
  models: endpoint({
    method: "GET",
    path: "/api/vector/models",
    body: null,
    answer: vectorModelsResponseSchema,
  }),
  /** 202 while the index is re-embedded for the model, 200 when it was chosen at once. */
  chooseModel: endpoint({
    method: "POST",
    path: "/api/vector/models/active",
    body: vectorChooseModelSchema,
    answer: vectorModelChoiceResponseSchema,
  }),
  removeEmbedding: endpoint({
    method: "DELETE",
    path: "/api/vector/embed/:id",
    body: null,
    answer: vectorRemovedSchema,
  }),
};
