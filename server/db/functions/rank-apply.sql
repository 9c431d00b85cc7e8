-- rank_apply: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Applies bit changes of one statement: rows (university, slice, ids to set, ids to clear), sorted.
CREATE OR REPLACE FUNCTION "rank_apply"(p_changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ch record;
  cur_u integer := NULL;
  zero varbit;
  b varbit;
  len integer;
  top integer;
  i integer;
  rebuilt boolean := false;
BEGIN
  FOR ch IN SELECT (e->>'u')::int AS u, (e->>'s')::int AS s,
                   ARRAY(SELECT jsonb_array_elements_text(e->'ones')::int) AS ones,
                   ARRAY(SELECT jsonb_array_elements_text(e->'zeros')::int) AS zeros
              FROM jsonb_array_elements(p_changes) e
             ORDER BY 1, 2
  LOOP
    IF cur_u IS DISTINCT FROM ch.u THEN
      cur_u := ch.u;
      rebuilt := false;
      -- One writer per university at a time (readers never wait): no lost bit, no deadlock.
      SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = ch.u AND slice = -1 FOR UPDATE;
      IF NOT FOUND THEN
        PERFORM rank_rebuild(ch.u);  -- reads the members table, which already has this statement's rows
        rebuilt := true;
      ELSE
        SELECT max(x) INTO top FROM (SELECT (jsonb_array_elements_text(e->'ones'))::int AS x
                                       FROM jsonb_array_elements(p_changes) e WHERE (e->>'u')::int = ch.u) t;
        IF top IS NOT NULL AND top >= length(zero) THEN
          len := (top / 8192 + 1) * 8192;
          UPDATE rank_bitmaps SET bits = bits || repeat('0', len - length(bits))::varbit WHERE university_id = ch.u;
          SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = ch.u AND slice = -1;
        END IF;
      END IF;
    END IF;
    CONTINUE WHEN rebuilt;
    SELECT bits INTO b FROM rank_bitmaps WHERE university_id = ch.u AND slice = ch.s;
    IF NOT FOUND THEN b := zero; END IF;
    FOREACH i IN ARRAY ch.ones LOOP b := set_bit(b, i, 1); END LOOP;
    FOREACH i IN ARRAY ch.zeros LOOP
      IF i < length(b) THEN b := set_bit(b, i, 0); END IF;
    END LOOP;
    INSERT INTO rank_bitmaps (university_id, slice, bits) VALUES (ch.u, ch.s, b)
      ON CONFLICT (university_id, slice) DO UPDATE SET bits = excluded.bits;
  END LOOP;
END
$$;
