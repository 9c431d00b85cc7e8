-- rank_add: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Bit-sliced numbers are varbit[] (element 1 is the ones bit): a + b, ripple carry.
CREATE OR REPLACE FUNCTION "rank_add"(a varbit[], b varbit[], zero varbit) RETURNS varbit[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n integer := greatest(coalesce(array_length(a, 1), 0), coalesce(array_length(b, 1), 0));
  r varbit[] := '{}';
  carry varbit := zero;
  x varbit;
  y varbit;
BEGIN
  FOR i IN 1..n LOOP
    x := coalesce(a[i], zero);
    y := coalesce(b[i], zero);
    r[i] := x # y # carry;
    carry := (x & y) | (carry & (x # y));
  END LOOP;
  IF bit_count(carry) > 0 THEN r[n + 1] := carry; END IF;
  RETURN r;
END
$$;
