-- rank_shift: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- a · 2^k; the k new low digits are NULL, which rank_add reads as zero without operating on them.
CREATE OR REPLACE FUNCTION "rank_shift"(a varbit[], k integer, zero varbit) RETURNS varbit[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(array_length(a, 1), 0) = 0 THEN a ELSE array_fill(NULL::varbit, ARRAY[k]) || a END
$$;
