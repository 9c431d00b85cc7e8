-- rank_slice: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- ---------- reading ----------
CREATE OR REPLACE FUNCTION "rank_slice"(p_university integer, p_slice integer, p_zero varbit) RETURNS varbit
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT bits FROM rank_bitmaps WHERE university_id = p_university AND slice = p_slice), p_zero)
$$;
