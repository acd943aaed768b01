CREATE TABLE "vector_corpus" (
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"docs" integer NOT NULL,
	"total_length" bigint NOT NULL,
	CONSTRAINT "vector_corpus_user_id_model_pk" PRIMARY KEY("user_id","model")
);
--> statement-breakpoint
CREATE TABLE "vector_postings" (
	"chunk_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"object_type" text NOT NULL,
	"term" text NOT NULL,
	"tf" integer NOT NULL,
	"length" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "vector_chunks_fts_idx";--> statement-breakpoint
ALTER TABLE "vector_corpus" ADD CONSTRAINT "vector_corpus_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vector_postings" ADD CONSTRAINT "vector_postings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vector_postings_term_idx" ON "vector_postings" USING btree ("user_id","model","term");--> statement-breakpoint
CREATE INDEX "vector_postings_chunk_idx" ON "vector_postings" USING btree ("chunk_id");--> statement-breakpoint
-- The words a text is searched by: English stems without stop words (counted in its length), and
-- snake_case identifiers whole (the parser splits them at '_'), so both are found.
CREATE FUNCTION vector_terms(body text) RETURNS TABLE(term text, tf integer, counted boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lexeme, cardinality(positions), true FROM unnest(to_tsvector('english', body))
  UNION ALL
  SELECT lower(m[1]), count(*)::integer, false
  FROM regexp_matches(body, '([A-Za-z0-9]+(?:_[A-Za-z0-9]+)+)', 'g') AS m GROUP BY lower(m[1])
$$;--> statement-breakpoint
-- Adds chunks to the inverted index and to their person's and model's collection statistics.
CREATE FUNCTION vector_index_add(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO vector_postings (chunk_id, user_id, model, object_type, term, tf, length)
    SELECT c.id, c.user_id, c.model, c.object_type, t.term, t.tf,
      coalesce(sum(t.tf) FILTER (WHERE t.counted) OVER (PARTITION BY c.id), 0)
    FROM vector_chunks c, vector_terms(c.content) t WHERE c.id = ANY(ids)
    RETURNING chunk_id, user_id, model, length
  ), chunks AS (SELECT DISTINCT chunk_id, user_id, model, length FROM added)
  INSERT INTO vector_corpus AS v (user_id, model, docs, total_length)
  SELECT user_id, model, count(*), sum(length) FROM chunks GROUP BY user_id, model
  ON CONFLICT (user_id, model) DO UPDATE
    SET docs = v.docs + excluded.docs, total_length = v.total_length + excluded.total_length
$$;--> statement-breakpoint
CREATE FUNCTION vector_index_remove(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH removed AS (
    DELETE FROM vector_postings WHERE chunk_id = ANY(ids) RETURNING chunk_id, user_id, model, length
  ), chunks AS (
    SELECT user_id, model, count(*) AS docs, sum(length) AS total_length
    FROM (SELECT DISTINCT chunk_id, user_id, model, length FROM removed) AS d GROUP BY user_id, model
  )
  UPDATE vector_corpus v SET docs = v.docs - c.docs, total_length = v.total_length - c.total_length
  FROM chunks c WHERE v.user_id = c.user_id AND v.model = c.model
$$;--> statement-breakpoint
CREATE FUNCTION vector_chunks_indexed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM vector_index_remove(ARRAY(SELECT id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM vector_index_add(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER vector_chunks_indexed_insert AFTER INSERT ON vector_chunks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vector_chunks_indexed();--> statement-breakpoint
CREATE TRIGGER vector_chunks_indexed_update AFTER UPDATE ON vector_chunks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vector_chunks_indexed();--> statement-breakpoint
CREATE TRIGGER vector_chunks_indexed_delete AFTER DELETE ON vector_chunks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vector_chunks_indexed();--> statement-breakpoint
SELECT vector_index_add(ARRAY(SELECT id FROM vector_chunks));
