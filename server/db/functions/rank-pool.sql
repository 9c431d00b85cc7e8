-- rank_pool: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- The caller's pool (contract section 9): signed up, not the caller, not ACCEPTED with the caller.
CREATE OR REPLACE FUNCTION "rank_pool"(p_university integer, p_caller integer, p_zero varbit) RETURNS varbit
LANGUAGE plpgsql STABLE AS $$
DECLARE
  pool varbit := rank_slice(p_university, 200, p_zero);
  p integer;
BEGIN
  IF p_caller < length(pool) THEN pool := set_bit(pool, p_caller, 0); END IF;
  FOR p IN SELECT target_id FROM matches WHERE requester_id = p_caller AND status = 'ACCEPTED'
           UNION ALL SELECT requester_id FROM matches WHERE target_id = p_caller AND status = 'ACCEPTED'
  LOOP
    IF p < length(pool) THEN pool := set_bit(pool, p, 0); END IF;
  END LOOP;
  -- Safety (section 15): blocked either way, or held by reports.
  FOR p IN SELECT safety_hidden(p_university, p_caller) LOOP
    IF p < length(pool) THEN pool := set_bit(pool, p, 0); END IF;
  END LOOP;
  RETURN pool;
END
$$;
