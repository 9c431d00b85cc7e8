-- rank_count: the live definition (first in migration 0005_rank_bitmaps, last changed with rank_filter).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Filters total (contract section 3): the size of rank_filter's bitmap.
CREATE OR REPLACE FUNCTION "rank_count"(p_university integer, p_caller integer, p_interest integer, p_college integer,
                             p_depts integer[], p_year_min integer, p_year_max integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- plpgsql, not sql: its body is resolved at the first call, after rank-filter.sql is applied.
  RETURN (SELECT total FROM rank_filter(p_university, p_caller, p_interest, p_college, p_depts, p_year_min, p_year_max, 0));
END
$$;
