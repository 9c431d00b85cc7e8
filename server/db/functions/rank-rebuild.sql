-- rank_rebuild: the live definition (first in migration 0005_rank_bitmaps, last changed in 0006_rank_bonus_slices).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
CREATE OR REPLACE FUNCTION "rank_rebuild"(p_university integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  len integer;
BEGIN
  len := (coalesce((SELECT max(id) FROM members WHERE university_id = p_university), 0) / 8192 + 1) * 8192;
  -- Takes (or waits for) the writers' lock of the university.
  INSERT INTO rank_bitmaps (university_id, slice, bits) VALUES (p_university, -1, repeat('0', len)::varbit)
    ON CONFLICT (university_id, slice) DO UPDATE SET bits = excluded.bits;
  DELETE FROM rank_bitmaps WHERE university_id = p_university AND slice <> -1;
  INSERT INTO rank_bitmaps (university_id, slice, bits)
  SELECT p_university, s, (string_agg(repeat('0', id - prev - 1) || '1', '' ORDER BY id) || repeat('0', len - 1 - max(id)))::varbit
    FROM (SELECT s, id, coalesce(lag(id) OVER (PARTITION BY s ORDER BY id), -1) AS prev
            FROM (SELECT id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
                    FROM members WHERE university_id = p_university) x) y
   GROUP BY s;
END
$$;
