-- rank_members_sync: the live definition (first in migration 0005_rank_bitmaps, last changed in 0006_rank_bonus_slices).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
CREATE OR REPLACE FUNCTION "rank_members_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  rows_changed integer;
  v_uni integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows_changed FROM old_rows;
  ELSE
    SELECT count(*) INTO rows_changed FROM new_rows;
  END IF;
  IF rows_changed > 500 THEN
    -- (Transition tables exist per event only, hence three spellings of one query.)
    IF TG_OP = 'INSERT' THEN
      FOR v_uni IN SELECT DISTINCT university_id FROM new_rows ORDER BY 1 LOOP PERFORM rank_rebuild(v_uni); END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR v_uni IN SELECT DISTINCT university_id FROM old_rows ORDER BY 1 LOOP PERFORM rank_rebuild(v_uni); END LOOP;
    ELSE
      FOR v_uni IN SELECT university_id FROM new_rows UNION SELECT university_id FROM old_rows ORDER BY 1 LOOP
        PERFORM rank_rebuild(v_uni);
      END LOOP;
    END IF;
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s, 'ones', ids, 'zeros', '[]'::jsonb)) INTO changes
      FROM (SELECT university_id AS u, s, jsonb_agg(id) AS ids
              FROM new_rows, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
             GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s, 'ones', '[]'::jsonb, 'zeros', ids)) INTO changes
      FROM (SELECT university_id AS u, s, jsonb_agg(id) AS ids
              FROM old_rows, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
             GROUP BY 1, 2) d;
  ELSE
    WITH o AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year, updated_at)) AS s FROM old_rows),
         n AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year, updated_at)) AS s FROM new_rows),
         d AS (SELECT u, s, id, 1 AS v FROM (SELECT u, s, id FROM n EXCEPT SELECT u, s, id FROM o) a
               UNION ALL
               SELECT u, s, id, 0 FROM (SELECT u, s, id FROM o EXCEPT SELECT u, s, id FROM n) b)
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s,
             'ones', coalesce(ones, '[]'::jsonb), 'zeros', coalesce(zeros, '[]'::jsonb))) INTO changes
      FROM (SELECT u, s, jsonb_agg(id) FILTER (WHERE v = 1) AS ones, jsonb_agg(id) FILTER (WHERE v = 0) AS zeros
              FROM d GROUP BY u, s) g;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM rank_apply(changes);
  END IF;
  RETURN NULL;
END
$$;
