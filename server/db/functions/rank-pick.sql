-- rank_pick: the live definition (first in migration 0005_rank_bitmaps, last changed in 0007_rank_carry_save).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Top k of a bit-sliced score among the candidates (O'Neil's BSI top-k): fewer than k sure ones
-- (G) and the tie group at the threshold (E), ordered by updated_at, id (see the choice below).
CREATE OR REPLACE FUNCTION "rank_pick"(p_university integer, score varbit[], cand varbit, p_k integer, zero varbit) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  g varbit := zero;
  e varbit := cand;
  x varbit;
  y varbit;
  c integer;
  ids integer[];
  need integer;
  ne integer;
  hours varbit[];
  h integer[];
BEGIN
  -- e & ~s is taken as e # (e & s), reusing the AND: every operation passes over the whole bitmap.
  IF bit_count(cand) = 0 THEN RETURN '{}'; END IF;
  FOR j IN REVERSE coalesce(array_length(score, 1), 0)..1 LOOP
    y := e & score[j];
    x := g | y;
    c := bit_count(x);
    IF c > p_k THEN
      e := y;
    ELSE
      g := x;
      e := e # y;
      IF c = p_k THEN e := zero; EXIT; END IF;
    END IF;
  END LOOP;
  ne := bit_count(e);
  -- The tie group, cheapest way first: few (≤ 64) are ordered row by row; a dense one (> 1 % of
  -- the bitmap) is walked in recency order (≤ ~100 rows per missing member); in between, the hour
  -- slices split it until few are left.
  IF ne > 64 AND ne * 100 <= length(e) AND bit_count(g) < p_k THEN
    SELECT array_agg(slice ORDER BY slice DESC), array_agg(bits ORDER BY slice DESC) INTO h, hours
      FROM rank_bitmaps WHERE university_id = p_university AND slice BETWEEN 400 AND 417;
    FOR j IN 1..coalesce(array_length(hours, 1), 0) LOOP
      y := e & hours[j];
      x := g | y;
      c := bit_count(x);
      IF c > p_k THEN
        e := y;
      ELSE
        g := x;
        e := e # y;
        IF c = p_k THEN e := zero; EXIT; END IF;
      END IF;
      EXIT WHEN bit_count(e) <= 64;
    END LOOP;
    ne := bit_count(e);
  END IF;
  ids := rank_positions(g, p_k);
  need := p_k - coalesce(array_length(ids, 1), 0);
  IF need > 0 AND ne > 0 THEN
    IF ne <= 64 THEN
      ids := ids || ARRAY(SELECT id FROM members WHERE id = ANY(rank_positions(e, ne))
                          ORDER BY updated_at DESC, id DESC LIMIT need);
    ELSE
      -- A dense group: walk the recency index, first hits win.
      ids := ids || ARRAY(SELECT id FROM members
                           WHERE university_id = p_university AND status = 'ACTIVE' AND id < length(e) AND get_bit(e, id) = 1
                           ORDER BY updated_at DESC NULLS LAST, id DESC NULLS LAST LIMIT need);
    END IF;
  END IF;
  RETURN ids;
END
$$;
