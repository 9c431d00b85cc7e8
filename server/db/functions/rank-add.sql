-- rank_add: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps; zero digits skipped since decision 0019).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Bit-sliced numbers are varbit[] (element 1 is the ones bit): a + b, ripple carry.
CREATE OR REPLACE FUNCTION "rank_add"(a varbit[], b varbit[], zero varbit) RETURNS varbit[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n integer := greatest(coalesce(array_length(a, 1), 0), coalesce(array_length(b, 1), 0));
  r varbit[] := '{}';
  carry varbit;
  x varbit;
  y varbit;
  xy varbit;
BEGIN
  -- A missing or NULL digit (rank_shift's low digits, the shorter number's high ones) and a NULL
  -- carry are zero and cost no operation: each is a pass over ~members/8 bytes (0.16 ms on PGlite
  -- at 200,000 members), and 3t + 2i spent half of its ~60 on zeros.
  FOR i IN 1..n LOOP
    x := a[i];
    y := b[i];
    IF x IS NULL THEN x := y; y := NULL; END IF;
    IF x IS NULL THEN
      r[i] := coalesce(carry, zero);
      carry := NULL;
    ELSIF y IS NULL THEN
      IF carry IS NULL THEN
        r[i] := x;
      ELSE
        r[i] := x # carry;
        carry := x & carry;
      END IF;
    ELSIF carry IS NULL THEN
      r[i] := x # y;
      carry := x & y;
    ELSE
      xy := x # y;
      r[i] := xy # carry;
      carry := (x & y) | (carry & xy);
    END IF;
  END LOOP;
  IF carry IS NOT NULL AND bit_count(carry) > 0 THEN r[n + 1] := carry; END IF;
  RETURN r;
END
$$;
