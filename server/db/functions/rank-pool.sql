-- rank_pool: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- The caller's pool (contract section 9): signed up, less whom rank_pool_exclude clears.
CREATE OR REPLACE FUNCTION "rank_pool"(p_university integer, p_caller integer, p_zero varbit) RETURNS varbit
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN rank_pool_exclude(rank_slice(p_university, 200, p_zero), p_university, p_caller);
END
$$;
