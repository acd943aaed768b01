CREATE TABLE "vector_term_counts" (
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"term" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "vector_term_counts_user_id_model_term_pk" PRIMARY KEY("user_id","model","term")
);
--> statement-breakpoint
ALTER TABLE "vector_postings" DROP CONSTRAINT "vector_postings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vector_term_counts" ADD CONSTRAINT "vector_term_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Covering: a search reads its terms' postings from the index alone (an index-only scan).
DROP INDEX "vector_postings_term_idx";--> statement-breakpoint
CREATE INDEX "vector_postings_term_idx" ON "vector_postings" USING btree ("user_id","model","term")
  INCLUDE ("chunk_id","object_type","tf","length");--> statement-breakpoint
-- Adds chunks to the inverted index, to their terms' chunk counts and to their person's and
-- model's collection statistics.
CREATE OR REPLACE FUNCTION vector_index_add(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO vector_postings (chunk_id, user_id, model, object_type, term, tf, length)
    SELECT c.id, c.user_id, c.model, c.object_type, t.term, t.tf,
      coalesce(sum(t.tf) FILTER (WHERE t.counted) OVER (PARTITION BY c.id), 0)
    FROM vector_chunks c, vector_terms(c.content) t WHERE c.id = ANY(ids)
    RETURNING chunk_id, user_id, model, term, length
  ), terms AS (
    INSERT INTO vector_term_counts AS v (user_id, model, term, chunks)
    SELECT user_id, model, term, count(DISTINCT chunk_id) FROM added GROUP BY user_id, model, term
    ON CONFLICT (user_id, model, term) DO UPDATE SET chunks = v.chunks + excluded.chunks
  ), chunks AS (SELECT DISTINCT chunk_id, user_id, model, length FROM added)
  INSERT INTO vector_corpus AS v (user_id, model, docs, total_length)
  SELECT user_id, model, count(*), sum(length) FROM chunks GROUP BY user_id, model
  ON CONFLICT (user_id, model) DO UPDATE
    SET docs = v.docs + excluded.docs, total_length = v.total_length + excluded.total_length
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vector_index_remove(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH removed AS (
    DELETE FROM vector_postings WHERE chunk_id = ANY(ids) RETURNING chunk_id, user_id, model, term, length
  ), terms AS (
    UPDATE vector_term_counts v SET chunks = v.chunks - r.chunks
    FROM (SELECT user_id, model, term, count(DISTINCT chunk_id) AS chunks FROM removed
      GROUP BY user_id, model, term) r
    WHERE v.user_id = r.user_id AND v.model = r.model AND v.term = r.term
  ), chunks AS (
    SELECT user_id, model, count(*) AS docs, sum(length) AS total_length
    FROM (SELECT DISTINCT chunk_id, user_id, model, length FROM removed) AS d GROUP BY user_id, model
  )
  UPDATE vector_corpus v SET docs = v.docs - c.docs, total_length = v.total_length - c.total_length
  FROM chunks c WHERE v.user_id = c.user_id AND v.model = c.model
$$;--> statement-breakpoint
-- The writers of a person's index take turns (a lock per person, in the order of their ids):
-- two of them updating the same terms' counts in different orders would deadlock.
CREATE OR REPLACE FUNCTION vector_chunks_indexed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (A transition table that a trigger does not have cannot be named, even in a condition that is false.)
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('vector-terms:' || u, 0))
        FROM (SELECT DISTINCT user_id::text AS u FROM old_rows ORDER BY 1) AS people;
      PERFORM vector_index_remove(ARRAY(SELECT id FROM old_rows));
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('vector-terms:' || u, 0))
        FROM (SELECT DISTINCT user_id::text AS u FROM new_rows ORDER BY 1) AS people;
      PERFORM vector_index_add(ARRAY(SELECT id FROM new_rows));
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- English words as Lucene's analyser splits them: a hyphenated word counts as its parts only
-- (PostgreSQL's parser also emits the whole, so 'IL-6' weighed three words; SciFact nDCG@10 0.693
-- with it, 0.697 without), then the index is built again with them.
CREATE TEXT SEARCH CONFIGURATION vector_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION vector_english DROP MAPPING FOR asciihword, hword, numhword;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vector_terms(body text) RETURNS TABLE(term text, tf integer, counted boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lexeme, cardinality(positions), true FROM unnest(to_tsvector('vector_english', body))
  UNION ALL
  SELECT lower(m[1]), count(*)::integer, false
  FROM regexp_matches(body, '([A-Za-z0-9]+(?:_[A-Za-z0-9]+)+)', 'g') AS m GROUP BY lower(m[1])
$$;--> statement-breakpoint
DELETE FROM vector_postings;--> statement-breakpoint
DELETE FROM vector_corpus;--> statement-breakpoint
SELECT vector_index_add(ARRAY(SELECT id FROM vector_chunks));
