-- Ranking bitmaps, second step (decision 0004): popular's constant part is kept bit-sliced per
-- member, so a request adds one number instead of three:
--   202..205  bits 0..3 of the "bonus" least(pending_received, 5) + least(pending_sent, 2) + (1 if keywords)
-- (replacing 201 has-keywords, 202..204 pending received, 205..206 pending sent), and the hour of
-- the last profile change is kept bit-sliced too, so ties break in the bitmaps:
--   400..417  bits 0..17 of the hour of updated_at, counted from 2018-01-01 UTC (to 2047)
-- The top k is then taken by (score, hour) and only members sharing both with the k-th are
-- ordered by updated_at row by row. 3·interest is formed directly from its two bits, and set-bit
-- positions are searched in 4096-bit blocks.
DROP FUNCTION "rank_member_slices"(bigint, smallint, text, boolean, integer, integer, integer, integer, smallint);
--> statement-breakpoint
CREATE FUNCTION "rank_member_slices"(p_time bigint, p_interest smallint, p_status text, p_keyword boolean,
                                     p_pr integer, p_ps integer, p_dept integer, p_college integer, p_year smallint,
                                     p_updated timestamptz)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Plain expressions only (no subqueries): the rebuild calls this for every member. A '1' at
  -- string position p is slice p: 399 padding characters put the hour bits at 400..417.
  SELECT array_positions(string_to_array(reverse(p_time::bit(50)::text), NULL), '1')
      || array_positions(string_to_array(repeat('0', 399)
           || reverse(least(greatest(floor(extract(epoch FROM p_updated) / 3600)::bigint - 420768, 0), 262143)::int::bit(18)::text), NULL), '1')
      || array_remove(ARRAY[
           CASE WHEN p_interest & 1 <> 0 THEN 101 END, CASE WHEN p_interest & 2 <> 0 THEN 102 END,
           CASE WHEN p_interest & 4 <> 0 THEN 103 END, CASE WHEN p_interest & 8 <> 0 THEN 104 END,
           CASE WHEN p_interest & 16 <> 0 THEN 105 END, CASE WHEN p_interest & 32 <> 0 THEN 106 END,
           CASE WHEN p_interest & 64 <> 0 THEN 107 END, CASE WHEN p_interest & 128 <> 0 THEN 108 END,
           CASE WHEN p_status = 'ACTIVE' THEN 200 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 1 <> 0 THEN 202 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 2 <> 0 THEN 203 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 4 <> 0 THEN 204 END,
           CASE WHEN (least(greatest(p_pr, 0), 5) + least(greatest(p_ps, 0), 2) + p_keyword::int) & 8 <> 0 THEN 205 END,
           100000 + p_dept, 200000 + p_college, 300000 + p_year], NULL)
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Recommendations or popular; VOLATILE so the planner never pre-evaluates it (see 0005).
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
  -- The pool: signed up, not the caller, not ACCEPTED with the caller.
  pool := coalesce(maps[array_position(slices, 200)], zero);
  IF p_caller < length(pool) THEN pool := set_bit(pool, p_caller, 0); END IF;
  FOR p IN SELECT target_id FROM matches WHERE requester_id = p_caller AND status = 'ACCEPTED'
           UNION ALL SELECT requester_id FROM matches WHERE target_id = p_caller AND status = 'ACCEPTED'
  LOOP
    IF p < length(pool) THEN pool := set_bit(pool, p, 0); END IF;
  END LOOP;
  -- time overlap t = Σ of the caller's slot bitmaps, as a bit-sliced number (t[1] = ones bit)
  any_t := zero;
  FOREACH n IN ARRAY time_slices LOOP
    x := coalesce(maps[array_position(slices, n)], zero) & pool;
    any_t := any_t | x;
    carry := x;
    k := 1;
    WHILE bit_count(carry) > 0 LOOP
      IF k > coalesce(array_length(t, 1), 0) THEN t[k] := carry; EXIT; END IF;
      s := t[k] # carry;
      carry := t[k] & carry;
      t[k] := s;
      k := k + 1;
    END LOOP;
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
    -- 0.6·time + 0.4·interest, as 6t + 4i = 2t + 4t + 4i; both overlaps > 0.
    score := rank_add(rank_add(rank_shift(t, 1, zero), rank_shift(t, 2, zero), zero), rank_shift(iv, 2, zero), zero);
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
  score := ARRAY[x, x # carry, carry & ~x, carry & x];
  score := rank_add(score, t, zero);
  score := rank_add(score, ARRAY[coalesce(maps[array_position(slices, 202)], zero), coalesce(maps[array_position(slices, 203)], zero),
                                 coalesce(maps[array_position(slices, 204)], zero), coalesce(maps[array_position(slices, 205)], zero)], zero);
  RETURN rank_pick(p_university, score, pool, p_k, zero);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rank_rebuild"(p_university integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  len integer;
BEGIN
  len := (coalesce((SELECT max(id) FROM members WHERE university_id = p_university), 0) / 8192 + 1) * 8192;
  -- Takes (or waits for) the writers' lock of the university.
  INSERT INTO rank_bitmaps (university_id, slice, bits) VALUES (p_university, -1, repeat('0', len)::varbit)
    ON CONFLICT (university_id, slice) DO UPDATE SET bits = excluded.bits;
  DELETE FROM rank_bitmaps WHERE university_id = p_university AND slice <> -1;
  INSERT INTO rank_bitmaps (university_id, slice, bits)
  SELECT p_university, s, (string_agg(repeat('0', id - prev - 1) || '1', '' ORDER BY id) || repeat('0', len - 1 - max(id)))::varbit
    FROM (SELECT s, id, coalesce(lag(id) OVER (PARTITION BY s ORDER BY id), -1) AS prev
            FROM (SELECT id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
                    FROM members WHERE university_id = p_university) x) y
   GROUP BY s;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rank_members_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  rows_changed integer;
  v_uni integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows_changed FROM old_rows;
  ELSE
    SELECT count(*) INTO rows_changed FROM new_rows;
  END IF;
  IF rows_changed > 500 THEN
    -- (Transition tables exist per event only, hence three spellings of one query.)
    IF TG_OP = 'INSERT' THEN
      FOR v_uni IN SELECT DISTINCT university_id FROM new_rows ORDER BY 1 LOOP PERFORM rank_rebuild(v_uni); END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR v_uni IN SELECT DISTINCT university_id FROM old_rows ORDER BY 1 LOOP PERFORM rank_rebuild(v_uni); END LOOP;
    ELSE
      FOR v_uni IN SELECT university_id FROM new_rows UNION SELECT university_id FROM old_rows ORDER BY 1 LOOP
        PERFORM rank_rebuild(v_uni);
      END LOOP;
    END IF;
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s, 'ones', ids, 'zeros', '[]'::jsonb)) INTO changes
      FROM (SELECT university_id AS u, s, jsonb_agg(id) AS ids
              FROM new_rows, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
             GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s, 'ones', '[]'::jsonb, 'zeros', ids)) INTO changes
      FROM (SELECT university_id AS u, s, jsonb_agg(id) AS ids
              FROM old_rows, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year, updated_at)) AS s
             GROUP BY 1, 2) d;
  ELSE
    WITH o AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year, updated_at)) AS s FROM old_rows),
         n AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year, updated_at)) AS s FROM new_rows),
         d AS (SELECT u, s, id, 1 AS v FROM (SELECT u, s, id FROM n EXCEPT SELECT u, s, id FROM o) a
               UNION ALL
               SELECT u, s, id, 0 FROM (SELECT u, s, id FROM o EXCEPT SELECT u, s, id FROM n) b)
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s,
             'ones', coalesce(ones, '[]'::jsonb), 'zeros', coalesce(zeros, '[]'::jsonb))) INTO changes
      FROM (SELECT u, s, jsonb_agg(id) FILTER (WHERE v = 1) AS ones, jsonb_agg(id) FILTER (WHERE v = 0) AS zeros
              FROM d GROUP BY u, s) g;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM rank_apply(changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Top k of a bit-sliced score among the candidates (O'Neil's BSI top-k): fewer than k sure ones
-- (G) and the tie group at the threshold (E). A big tie group is narrowed by the hour of the last
-- update (slices 400..417, most recent first); who is left is ordered by updated_at, id.
CREATE OR REPLACE FUNCTION "rank_pick"(p_university integer, score varbit[], cand varbit, p_k integer, zero varbit) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  g varbit := zero;
  e varbit := cand;
  x varbit;
  c integer;
  ids integer[];
  need integer;
  ne integer;
  hours varbit[];
  h integer[];
BEGIN
  IF bit_count(cand) = 0 THEN RETURN '{}'; END IF;
  FOR j IN REVERSE coalesce(array_length(score, 1), 0)..1 LOOP
    x := g | (e & score[j]);
    c := bit_count(x);
    IF c > p_k THEN
      e := e & score[j];
    ELSE
      g := x;
      e := e & ~score[j];
      IF c = p_k THEN e := zero; EXIT; END IF;
    END IF;
  END LOOP;
  ne := bit_count(e);
  IF ne > 64 AND bit_count(g) < p_k THEN
    SELECT array_agg(slice ORDER BY slice DESC), array_agg(bits ORDER BY slice DESC) INTO h, hours
      FROM rank_bitmaps WHERE university_id = p_university AND slice BETWEEN 400 AND 417;
    FOR j IN 1..coalesce(array_length(hours, 1), 0) LOOP
      x := g | (e & hours[j]);
      c := bit_count(x);
      IF c > p_k THEN
        e := e & hours[j];
      ELSE
        g := x;
        e := e & ~hours[j];
        IF c = p_k THEN e := zero; EXIT; END IF;
      END IF;
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
      -- Still a big group (many changed in the same hour): walk the recency index, first hits win.
      ids := ids || ARRAY(SELECT id FROM members
                           WHERE university_id = p_university AND status = 'ACTIVE' AND id < length(e) AND get_bit(e, id) = 1
                           ORDER BY updated_at DESC NULLS LAST, id DESC NULLS LAST LIMIT need);
    END IF;
  END IF;
  RETURN ids;
END
$$;
--> statement-breakpoint
-- The slices changed meaning: rebuild what exists.
SELECT rank_rebuild(id) FROM universities WHERE EXISTS (SELECT 1 FROM rank_bitmaps r WHERE r.university_id = universities.id);
