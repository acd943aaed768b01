-- Locks each person's index for the rest of the transaction, in the order of their ids: the
-- writers of one person's index take turns (two of them updating the same terms' counts in
-- different orders would deadlock).
CREATE OR REPLACE FUNCTION vector_lock_people(people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('vector-terms:' || u, 0))
    FROM (SELECT DISTINCT p::text AS u FROM unnest(people) AS p ORDER BY 1) AS ordered;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vector_chunks_indexed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (A transition table that a trigger does not have cannot be named, even in a condition that is false.)
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM vector_lock_people(ARRAY(SELECT user_id FROM old_rows));
      PERFORM vector_index_remove(ARRAY(SELECT id FROM old_rows));
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM vector_lock_people(ARRAY(SELECT user_id FROM new_rows));
      PERFORM vector_index_add(ARRAY(SELECT id FROM new_rows));
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A term no chunk holds any more leaves the counts (they were kept at 0 for ever).
CREATE OR REPLACE FUNCTION vector_index_remove(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH removed AS (
    DELETE FROM vector_postings WHERE chunk_id = ANY(ids) RETURNING chunk_id, user_id, model, term, length
  ), counts AS (
    SELECT user_id, model, term, count(DISTINCT chunk_id) AS chunks FROM removed GROUP BY user_id, model, term
  ), gone AS (
    DELETE FROM vector_term_counts v USING counts r
    WHERE v.user_id = r.user_id AND v.model = r.model AND v.term = r.term AND v.chunks <= r.chunks
  ), terms AS (
    UPDATE vector_term_counts v SET chunks = v.chunks - r.chunks FROM counts r
    WHERE v.user_id = r.user_id AND v.model = r.model AND v.term = r.term AND v.chunks > r.chunks
  ), chunks AS (
    SELECT user_id, model, count(*) AS docs, sum(length) AS total_length
    FROM (SELECT DISTINCT chunk_id, user_id, model, length FROM removed) AS d GROUP BY user_id, model
  )
  UPDATE vector_corpus v SET docs = v.docs - c.docs, total_length = v.total_length - c.total_length
  FROM chunks c WHERE v.user_id = c.user_id AND v.model = c.model
$$;--> statement-breakpoint
DELETE FROM vector_term_counts WHERE chunks <= 0;
