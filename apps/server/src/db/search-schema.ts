import { bigint, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

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
