-- rank_rebuild: the live definition (first in migration 0005_rank_bitmaps, last changed in 0006_rank_bonus_slices;
-- rewritten here for 200,000 members, decision 0019).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- The university's bitmaps from the members table, the same bits rank_member_slices gives row by
-- row (tests compare the two). Built 64 members at a time: one bigint word per (slice, id / 64),
-- bit 63 - id % 64 set for member id, so word::bit(64) is that stretch of the bitmap. The fixed
-- slices (time 1..50, interests 101..108, signed-up 200, bonus 202..205, hour 400..417) are one
-- bit_or each over a single pass; departments, colleges and years group by value. Unnesting
-- rank_member_slices per member and ordering ~23 rows per member cost 34 s at 200,000 members on
-- PostgreSQL. work_mem: the words (~360,000 rows at 200,000 members) are sorted and hashed in
-- memory instead of spilling to disk (PGlite 16 s → 10 s under load).
CREATE OR REPLACE FUNCTION "rank_rebuild"(p_university integer) RETURNS void LANGUAGE plpgsql SET work_mem = '64MB' AS $$
DECLARE
  len integer;
  fixed_slices text;
  fixed_words text;
BEGIN
  len := (coalesce((SELECT max(id) FROM members WHERE university_id = p_university), 0) / 8192 + 1) * 8192;
  -- Takes (or waits for) the writers' lock of the university.
  INSERT INTO rank_bitmaps (university_id, slice, bits) VALUES (p_university, -1, repeat('0', len)::varbit)
    ON CONFLICT (university_id, slice) DO UPDATE SET bits = excluded.bits;
  DELETE FROM rank_bitmaps WHERE university_id = p_university AND slice <> -1;
  -- The fixed slices and the member test of each (the conditions of rank_member_slices).
  SELECT string_agg(s::text, ', ' ORDER BY s), string_agg(format('bit_or(v) FILTER (WHERE %s)', cond), ', ' ORDER BY s)
    INTO fixed_slices, fixed_words
    FROM (SELECT j + 1 AS s, format('time_mask & %s::bigint <> 0', 1::bigint << j) AS cond FROM generate_series(0, 49) j
          UNION ALL SELECT 101 + j, format('interest_mask & %s <> 0', 1 << j) FROM generate_series(0, 7) j
          UNION ALL SELECT 200, 'status = ''ACTIVE'''
          UNION ALL SELECT 202 + j, format('bonus & %s <> 0', 1 << j) FROM generate_series(0, 3) j
          UNION ALL SELECT 400 + j, format('hour & %s <> 0', 1 << j) FROM generate_series(0, 17) j) c;
  EXECUTE format($q$
    INSERT INTO rank_bitmaps (university_id, slice, bits)
    WITH m AS MATERIALIZED (
           SELECT id >> 6 AS w, 1::bigint << (63 - (id & 63)) AS v, time_mask, interest_mask, status,
                  department_id, college_id, admission_year,
                  least(greatest(pending_received, 0), 5) + least(greatest(pending_sent, 0), 2) + has_keyword::int AS bonus,
                  least(greatest(floor(extract(epoch FROM updated_at) / 3600)::bigint - 420768, 0), 262143) AS hour
             FROM members WHERE university_id = $1),
         words AS (
           SELECT w, unnest(ARRAY[%s]) AS s, unnest(ARRAY[%s]) AS word FROM m GROUP BY w
           UNION ALL SELECT w, 100000 + department_id, bit_or(v) FROM m WHERE department_id IS NOT NULL GROUP BY 1, 2
           UNION ALL SELECT w, 200000 + college_id, bit_or(v) FROM m WHERE college_id IS NOT NULL GROUP BY 1, 2
           UNION ALL SELECT w, 300000 + admission_year, bit_or(v) FROM m WHERE admission_year IS NOT NULL GROUP BY 1, 2),
         present AS (SELECT * FROM words WHERE word IS NOT NULL)
    SELECT $1, sl.s, string_agg(coalesce(p.word, 0)::bit(64)::text, '' ORDER BY g.w)::varbit
      FROM (SELECT DISTINCT s FROM present) sl
      CROSS JOIN generate_series(0, $2 - 1) g(w)
      LEFT JOIN present p ON p.s = sl.s AND p.w = g.w
     GROUP BY sl.s$q$, fixed_slices, fixed_words)
  USING p_university, len / 64;
END
$$;
