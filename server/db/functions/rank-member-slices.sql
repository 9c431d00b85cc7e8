-- rank_member_slices: the live definition (first in migration 0005_rank_bitmaps, last changed in 0006_rank_bonus_slices).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
CREATE OR REPLACE FUNCTION "rank_member_slices"(p_time bigint, p_interest smallint, p_status text, p_keyword boolean,
                                     p_pr integer, p_ps integer, p_dept integer, p_college integer, p_year smallint,
                                     p_updated timestamptz)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Plain expressions only (no subqueries): the rebuild calls this for every member. A '1' at
  -- string position p is slice p: 399 padding characters put the hour bits at 400..417.
  SELECT array_positions(string_to_array(reverse(p_time::bit(50)::text), NULL), '1')
      || array_positions(string_to_array(repeat('0', 399)
           || reverse(least(greatest(floor(extract(epoch FROM p_updated) / 3600)::bigint - 420768, 0), 262143)::int::bit(18)::text), NULL), '1')
      || array_remove(ARRAY[
           CASE WHEN p_interest & 1 <> 0 THEN 101 END, CASE WHEN p_interest & 2 <> 0 THEN 102 END,
           CASE WHEN p_interest & 4 <> 0 THEN 103 END, CASE WHEN p_interest & 8 <> 0 THEN 104 END,
           CASE WHEN p_interest & 16 <> 0 THEN 105 END, CASE WHEN p_interest & 32 <> 0 THEN 106 END,
           CASE WHEN p_interest & 64 <> 0 THEN 107 END, CASE WHEN p_interest & 128 <> 0 THEN 108 END,
           CASE WHEN p_status = 'ACTIVE' THEN 200 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 1 <> 0 THEN 202 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 2 <> 0 THEN 203 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 4 <> 0 THEN 204 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 8 <> 0 THEN 205 END,
           100000 + p_dept, 200000 + p_college, 300000 + p_year], NULL)
$$;
