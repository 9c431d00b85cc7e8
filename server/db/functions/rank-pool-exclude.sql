-- rank_pool_exclude: the live definition (new with the safety schema; no migration holds it).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Clears from a pool bitmap whom the caller never sees in discovery (contract sections 9 and 15):
-- the caller, members ACCEPTED with the caller, and those safety_hidden names (blocked either way,
-- held by reports). rank_pool (the filters' totals) and rank_top (recommendations, popular) share it.
CREATE OR REPLACE FUNCTION "rank_pool_exclude"(p_pool varbit, p_university integer, p_caller integer) RETURNS varbit
LANGUAGE plpgsql STABLE AS $$
DECLARE
  pool varbit := p_pool;
  p integer;
BEGIN
  IF p_caller < length(pool) THEN pool := set_bit(pool, p_caller, 0); END IF;
  FOR p IN SELECT target_id FROM matches WHERE requester_id = p_caller AND status = 'ACCEPTED'
           UNION ALL SELECT requester_id FROM matches WHERE target_id = p_caller AND status = 'ACCEPTED'
           UNION ALL SELECT safety_hidden(p_university, p_caller)
  LOOP
    IF p < length(pool) THEN pool := set_bit(pool, p, 0); END IF;
  END LOOP;
  RETURN pool;
END
$$;
