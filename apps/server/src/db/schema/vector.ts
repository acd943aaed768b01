/** The search tables: `vector_chunks`, `vector_settings`, `vector_queries` and keyword search's postings, corpus and term counts. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Semantic search: text of the user's objects (workspace files by line ranges, chat messages,
 * app documents), cut into chunks, each with its embedding (real[]: cast to pgvector's vector
 * for the HNSW index where the extension is present, scanned exactly where it is not).
 */
export const vectorChunks = pgTable(
  "vector_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectType: text("object_type", { enum: ["file", "message", "document", "text"] }).notNull(),
    objectId: text("object_id").notNull(),
    /** Lines of a file chunk (1-based, inclusive); null for other objects. */
    lineFrom: integer("line_from"),
    lineTo: integer("line_to"),
    content: text("content").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** The embedding model that made `embedding` (e.g. glove-100d). */
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
    /**
     * Sent by the person through the embed API, not taken from a file, chat or document: text the
     * index alone holds, which counts against their workspace quota with their files.
     */
    sent: boolean("sent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vector_chunks_object_idx").on(t.userId, t.objectType, t.objectId),
    index("vector_chunks_sent_idx").on(t.userId).where(sql`${t.sent}`),
  ],
);

/** The embedding model whose index a person's searches use (absent: the local model). */
export const vectorSettings = pgTable("vector_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  model: text("model").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The person's searches (spec: analytics entry id, query, resultCount, searchType, createdAt). */
export const vectorQueries = pgTable(
  "vector_queries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    resultCount: integer("result_count").notNull(),
    searchType: text("search_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vector_queries_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Keyword search's inverted index of the semantic search chunks: one row per (chunk, term) with
 * the term's count in the chunk and the chunk's length in words (stop words left out), written
 * and removed by database triggers on vector_chunks (see the migration's SQL) so it is current
 * in the same transaction as the chunks, whoever writes them.
 */
export const vectorPostings = pgTable(
  "vector_postings",
  {
    chunkId: uuid("chunk_id").notNull(),
    // No foreign key: a posting goes with its chunk (the triggers), and its chunk with its person;
    // a key checked on each of a chunk's hundreds of postings took a third of indexing's time.
    userId: uuid("user_id").notNull(),
    model: text("model").notNull(),
    objectType: text("object_type").notNull(),
    term: text("term").notNull(),
    /** How often the term occurs in the chunk. */
    tf: integer("tf").notNull(),
    /** The chunk's length in indexed words (BM25's document length). */
    length: integer("length").notNull(),
  },
  (t) => [
    // Made covering in migration 0021 (INCLUDE chunk_id, object_type, tf, length, which drizzle
    // cannot declare): a search reads its terms' postings from the index alone.
    index("vector_postings_term_idx").on(t.userId, t.model, t.term),
    index("vector_postings_chunk_idx").on(t.chunkId),
  ],
);

/** BM25's collection statistics per person and model: chunks with words, and their words in all. */
export const vectorCorpus = pgTable(
  "vector_corpus",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    docs: integer("docs").notNull(),
    totalLength: bigint("total_length", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.model] })],
);

/**
 * Each term's document frequency among a person's chunks of a model (how many chunks hold it),
 * kept by the same triggers as vector_postings: BM25's idf without counting postings at search time.
 */
export const vectorTermCounts = pgTable(
  "vector_term_counts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    term: text("term").notNull(),
    chunks: integer("chunks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.model, t.term] })],
);
