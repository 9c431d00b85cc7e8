-- rank_top: the live definition (first in migration 0005_rank_bitmaps, last changed in 0007_rank_carry_save).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Ranking bitmaps, third step (decision 0004): the time overlap of every member is summed with a
-- carry-save adder tree instead of one carry ripple per caller slot, recommendations rank by
-- 3t + 2i (the same order as 6t + 4i, one bit less), and the tie group picks the cheapest of row
-- order, hour slices or a recency walk. Same results; rank_top stays VOLATILE (see 0005).
CREATE OR REPLACE FUNCTION "rank_top"(p_university integer, p_caller integer, p_mode text, p_k integer) RETURNS integer[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  tm bigint;
  im smallint;
  time_slices integer[];
  interest_slices integer[];
  slices integer[];
  maps varbit[];
  zero varbit;
  pool varbit;
  x varbit;
  carry varbit;
  s varbit;
  n integer;
  k integer;
  p integer;
  t varbit[] := '{}';
  iv varbit[] := '{}';
  any_t varbit;
  any_i varbit;
  score varbit[];
  ge3 varbit;
  q varbit[];
  nxt varbit[];
  a varbit;
  b varbit;
  ab varbit;
  qi integer;
  m integer;
  w integer;
BEGIN
  SELECT time_mask, interest_mask INTO tm, im FROM members WHERE id = p_caller;
  IF NOT FOUND THEN RETURN '{}'; END IF;
  time_slices := array_positions(string_to_array(reverse(tm::bit(50)::text), NULL), '1');
  interest_slices := array(SELECT 100 + i FROM generate_series(1, 8) i WHERE im & (1 << (i - 1)) <> 0);
  -- Every bitmap this ranking needs, in one read.
  SELECT array_agg(slice ORDER BY slice), array_agg(bits ORDER BY slice) INTO slices, maps
    FROM rank_bitmaps
   WHERE university_id = p_university
     AND slice = ANY(time_slices || interest_slices || ARRAY[-1, 200, 202, 203, 204, 205]);
  zero := maps[array_position(slices, -1)];
  IF zero IS NULL THEN RETURN '{}'; END IF;
  -- The pool: signed up, less the caller, ACCEPTED, blocked and held members (rank_pool_exclude).
  pool := rank_pool_exclude(coalesce(maps[array_position(slices, 200)], zero), p_university, p_caller);
  -- Meetups (contract section 14): already met (DONE) and no-show members leave the pool too.
  FOR p IN SELECT meetup_excluded(p_caller) LOOP
    IF p < length(pool) THEN pool := set_bit(pool, p, 0); END IF;
  END LOOP;
  -- time overlap t = Σ of the caller's slot bitmaps, as a bit-sliced number (t[1] = ones bit), by a
  -- carry-save adder tree: three bitmaps of one weight become a sum of that weight and a carry of
  -- the next, ~5 operations per input instead of a carry ripple per input.
  any_t := zero;
  q := '{}';
  FOREACH n IN ARRAY time_slices LOOP
    x := maps[array_position(slices, n)];
    CONTINUE WHEN x IS NULL;
    any_t := any_t | x;
    q[coalesce(array_length(q, 1), 0) + 1] := x;
  END LOOP;
  any_t := any_t & pool;
  w := 1;
  WHILE coalesce(array_length(q, 1), 0) > 0 LOOP
    nxt := '{}';
    qi := 1;
    m := array_length(q, 1);
    WHILE m - qi >= 2 LOOP
      a := q[qi];
      b := q[qi + 1];
      x := q[qi + 2];
      qi := qi + 3;
      ab := a # b;
      m := m + 1;
      q[m] := ab # x;
      nxt[coalesce(array_length(nxt, 1), 0) + 1] := (a & b) | (x & ab);
    END LOOP;
    IF m - qi = 1 THEN
      a := q[qi];
      b := q[qi + 1];
      t[w] := a # b;
      nxt[coalesce(array_length(nxt, 1), 0) + 1] := a & b;
    ELSIF m - qi = 0 THEN
      t[w] := q[qi];
    ELSE
      t[w] := zero;
    END IF;
    q := nxt;
    w := w + 1;
  END LOOP;
  any_i := zero;
  FOREACH n IN ARRAY interest_slices LOOP
    x := coalesce(maps[array_position(slices, n)], zero) & pool;
    any_i := any_i | x;
    carry := x;
    k := 1;
    WHILE bit_count(carry) > 0 LOOP
      IF k > coalesce(array_length(iv, 1), 0) THEN iv[k] := carry; EXIT; END IF;
      s := iv[k] # carry;
      carry := iv[k] & carry;
      iv[k] := s;
      k := k + 1;
    END LOOP;
  END LOOP;
  IF p_mode = 'recommendations' THEN
    -- 0.6·time + 0.4·interest orders like 3t + 2i (= half of 6t + 4i); both overlaps > 0.
    score := rank_add(rank_add(t, rank_shift(t, 1, zero), zero), rank_shift(iv, 1, zero), zero);
    RETURN rank_pick(p_university, score, pool & any_t & any_i, p_k, zero);
  END IF;
  -- Popular: 3·min(i,3) + min(t,3) + bonus, bonus = min(received,5) + min(sent,2) + keyword, kept
  -- bit-sliced per member (slices 202..205). i ≤ 3 already; 3i for i = 0..3 is 0, 3, 6, 9:
  -- bits (i0, i0 xor i1, i1 and not i0, i1 and i0).
  ge3 := zero;
  FOR j IN 3..coalesce(array_length(t, 1), 0) LOOP ge3 := ge3 | t[j]; END LOOP;
  IF coalesce(array_length(t, 1), 0) >= 2 THEN ge3 := ge3 | (t[1] & t[2]); END IF;
  t := ARRAY[coalesce(t[1], zero) | ge3, coalesce(t[2], zero) | ge3];
  x := coalesce(iv[1], zero);
  carry := coalesce(iv[2], zero);
  s := carry & x;
  score := ARRAY[x, x # carry, carry # s, s];
  score := rank_add(score, t, zero);
  score := rank_add(score, ARRAY[coalesce(maps[array_position(slices, 202)], zero), coalesce(maps[array_position(slices, 203)], zero),
                                 coalesce(maps[array_position(slices, 204)], zero), coalesce(maps[array_position(slices, 205)], zero)], zero);
  RETURN rank_pick(p_university, score, pool, p_k, zero);
END
$$;
