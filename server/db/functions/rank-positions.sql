-- rank_positions: the live definition (first in migration 0005_rank_bitmaps, last changed in 0006_rank_bonus_slices).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Positions of the set bits (at most p_max), ascending; 4096-bit blocks so empty stretches cost one count.
CREATE OR REPLACE FUNCTION "rank_positions"(b varbit, p_max integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  res integer[] := '{}';
  sub varbit;
  p integer;
  blk integer;
  n integer := 0;
BEGIN
  IF b IS NULL OR p_max <= 0 OR bit_count(b) = 0 THEN RETURN res; END IF;
  FOR blk IN 0..(length(b) - 1) / 4096 LOOP
    sub := substring(b FROM blk * 4096 + 1 FOR 4096);
    CONTINUE WHEN bit_count(sub) = 0;
    LOOP
      p := position(B'1' IN sub);
      EXIT WHEN p = 0;
      res := res || (blk * 4096 + p - 1);
      n := n + 1;
      IF n >= p_max THEN RETURN res; END IF;
      sub := set_bit(sub, p - 1, 0);
    END LOOP;
  END LOOP;
  RETURN res;
END
$$;
