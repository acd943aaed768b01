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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    objectType: text("object_type").notNull(),
    term: text("term").notNull(),
    /** How often the term occurs in the chunk. */
    tf: integer("tf").notNull(),
    /** The chunk's length in indexed words (BM25's document length). */
    length: integer("length").notNull(),
  },
  (t) => [
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
