-- Ranking bitmaps (decision 0004). Per university and "slice", one bitmap whose bit n is member n:
--     1..50   free one-hour slot, time_mask bit + 1        200  finished sign-up (status ACTIVE)
--   101..108  interest id 1..8 (100 + id)                  201  has keywords
--   202..204  bits 0..2 of least(pending_received, 5)      205..206  bits 0..1 of least(pending_sent, 2)
--   100000+d  department d    200000+c  college c    300000+y  admission year y
--   -1        all zeros, the university's length template and the writers' lock
-- Every slice of a university has the same length (a multiple of 8192 bits above its largest id).
-- Ranking then works on a few bitmaps with bit-sliced arithmetic instead of reading every member.
ALTER TABLE "rank_bitmaps" ALTER COLUMN "bits" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE FUNCTION "rank_member_slices"(p_time bigint, p_interest smallint, p_status text, p_keyword boolean,
                                     p_pr integer, p_ps integer, p_dept integer, p_college integer, p_year smallint)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Plain expressions only (no subqueries): the rebuild calls this for every member.
  SELECT array_positions(string_to_array(reverse(p_time::bit(50)::text), NULL), '1')
      || array_remove(ARRAY[
           CASE WHEN p_interest & 1 <> 0 THEN 101 END, CASE WHEN p_interest & 2 <> 0 THEN 102 END,
           CASE WHEN p_interest & 4 <> 0 THEN 103 END, CASE WHEN p_interest & 8 <> 0 THEN 104 END,
           CASE WHEN p_interest & 16 <> 0 THEN 105 END, CASE WHEN p_interest & 32 <> 0 THEN 106 END,
           CASE WHEN p_interest & 64 <> 0 THEN 107 END, CASE WHEN p_interest & 128 <> 0 THEN 108 END,
           CASE WHEN p_status = 'ACTIVE' THEN 200 END, CASE WHEN p_keyword THEN 201 END,
           CASE WHEN least(greatest(p_pr, 0), 5) & 1 <> 0 THEN 202 END, CASE WHEN least(greatest(p_pr, 0), 5) & 2 <> 0 THEN 203 END,
           CASE WHEN least(greatest(p_pr, 0), 5) & 4 <> 0 THEN 204 END,
           CASE WHEN least(greatest(p_ps, 0), 2) & 1 <> 0 THEN 205 END, CASE WHEN least(greatest(p_ps, 0), 2) & 2 <> 0 THEN 206 END,
           100000 + p_dept, 200000 + p_college, 300000 + p_year], NULL)
$$;
--> statement-breakpoint
-- Builds every bitmap of a university from the members table (first use, bulk changes, repair).
CREATE FUNCTION "rank_rebuild"(p_university integer) RETURNS void LANGUAGE plpgsql AS $$
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
                                                       pending_sent, department_id, college_id, admission_year)) AS s
                    FROM members WHERE university_id = p_university) x) y
   GROUP BY s;
END
$$;
--> statement-breakpoint
-- Applies bit changes of one statement: rows (university, slice, ids to set, ids to clear), sorted.
CREATE FUNCTION "rank_apply"(p_changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ch record;
  cur_u integer := NULL;
  zero varbit;
  b varbit;
  len integer;
  top integer;
  i integer;
  rebuilt boolean := false;
BEGIN
  FOR ch IN SELECT (e->>'u')::int AS u, (e->>'s')::int AS s,
                   ARRAY(SELECT jsonb_array_elements_text(e->'ones')::int) AS ones,
                   ARRAY(SELECT jsonb_array_elements_text(e->'zeros')::int) AS zeros
              FROM jsonb_array_elements(p_changes) e
             ORDER BY 1, 2
  LOOP
    IF cur_u IS DISTINCT FROM ch.u THEN
      cur_u := ch.u;
      rebuilt := false;
      -- One writer per university at a time (readers never wait): no lost bit, no deadlock.
      SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = ch.u AND slice = -1 FOR UPDATE;
      IF NOT FOUND THEN
        PERFORM rank_rebuild(ch.u);  -- reads the members table, which already has this statement's rows
        rebuilt := true;
      ELSE
        SELECT max(x) INTO top FROM (SELECT (jsonb_array_elements_text(e->'ones'))::int AS x
                                       FROM jsonb_array_elements(p_changes) e WHERE (e->>'u')::int = ch.u) t;
        IF top IS NOT NULL AND top >= length(zero) THEN
          len := (top / 8192 + 1) * 8192;
          UPDATE rank_bitmaps SET bits = bits || repeat('0', len - length(bits))::varbit WHERE university_id = ch.u;
          SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = ch.u AND slice = -1;
        END IF;
      END IF;
    END IF;
    CONTINUE WHEN rebuilt;
    SELECT bits INTO b FROM rank_bitmaps WHERE university_id = ch.u AND slice = ch.s;
    IF NOT FOUND THEN b := zero; END IF;
    FOREACH i IN ARRAY ch.ones LOOP b := set_bit(b, i, 1); END LOOP;
    FOREACH i IN ARRAY ch.zeros LOOP
      IF i < length(b) THEN b := set_bit(b, i, 0); END IF;
    END LOOP;
    INSERT INTO rank_bitmaps (university_id, slice, bits) VALUES (ch.u, ch.s, b)
      ON CONFLICT (university_id, slice) DO UPDATE SET bits = excluded.bits;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Statement-level, so a bulk insert or update costs one rebuild, not one bitmap write per row.
CREATE FUNCTION "rank_members_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
                                                       pending_sent, department_id, college_id, admission_year)) AS s
             GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('u', u, 's', s, 'ones', '[]'::jsonb, 'zeros', ids)) INTO changes
      FROM (SELECT university_id AS u, s, jsonb_agg(id) AS ids
              FROM old_rows, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword, pending_received,
                                                       pending_sent, department_id, college_id, admission_year)) AS s
             GROUP BY 1, 2) d;
  ELSE
    WITH o AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year)) AS s FROM old_rows),
         n AS (SELECT university_id AS u, id, unnest(rank_member_slices(time_mask, interest_mask, status, has_keyword,
                 pending_received, pending_sent, department_id, college_id, admission_year)) AS s FROM new_rows),
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
CREATE TRIGGER "rank_members_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rank_members_sync"();
--> statement-breakpoint
CREATE TRIGGER "rank_members_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rank_members_sync"();
--> statement-breakpoint
CREATE TRIGGER "rank_members_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rank_members_sync"();
--> statement-breakpoint
-- ---------- reading ----------
CREATE FUNCTION "rank_slice"(p_university integer, p_slice integer, p_zero varbit) RETURNS varbit
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT bits FROM rank_bitmaps WHERE university_id = p_university AND slice = p_slice), p_zero)
$$;
--> statement-breakpoint
-- Bit-sliced numbers are varbit[] (element 1 is the ones bit): a + b, ripple carry.
CREATE FUNCTION "rank_add"(a varbit[], b varbit[], zero varbit) RETURNS varbit[] LANGUAGE plpgsql IMMUTABLE AS $$
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
--> statement-breakpoint
-- a · 2^k
CREATE FUNCTION "rank_shift"(a varbit[], k integer, zero varbit) RETURNS varbit[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(array_length(a, 1), 0) = 0 THEN a ELSE array_fill(zero, ARRAY[k]) || a END
$$;
--> statement-breakpoint
-- Positions of the set bits (at most p_max), ascending; 1024-bit blocks so empty stretches cost one count.
CREATE FUNCTION "rank_positions"(b varbit, p_max integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  res integer[] := '{}';
  sub varbit;
  p integer;
  blk integer;
  n integer := 0;
BEGIN
  IF p_max <= 0 OR bit_count(b) = 0 THEN RETURN res; END IF;
  FOR blk IN 0..(length(b) - 1) / 1024 LOOP
    sub := substring(b FROM blk * 1024 + 1 FOR 1024);
    CONTINUE WHEN bit_count(sub) = 0;
    LOOP
      p := position(B'1' IN sub);
      EXIT WHEN p = 0;
      res := res || (blk * 1024 + p - 1);
      n := n + 1;
      IF n >= p_max THEN RETURN res; END IF;
      sub := set_bit(sub, p - 1, 0);
    END LOOP;
  END LOOP;
  RETURN res;
END
$$;
--> statement-breakpoint
-- The caller's pool (contract section 9): signed up, not the caller, not ACCEPTED with the caller.
CREATE FUNCTION "rank_pool"(p_university integer, p_caller integer, p_zero varbit) RETURNS varbit
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
  RETURN pool;
END
$$;
--> statement-breakpoint
-- Top k of a bit-sliced score among the candidates (O'Neil's BSI top-k): k − 1 or fewer sure ones
-- (G), then the tie group at the threshold (E) by recency, like the contract's tie rule.
CREATE FUNCTION "rank_pick"(p_university integer, score varbit[], cand varbit, p_k integer, zero varbit) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  g varbit := zero;
  e varbit := cand;
  x varbit;
  c integer;
  ids integer[];
  need integer;
  ne integer;
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
  ids := rank_positions(g, p_k);
  need := p_k - coalesce(array_length(ids, 1), 0);
  ne := bit_count(e);
  IF need > 0 AND ne > 0 THEN
    IF ne <= 400 THEN
      ids := ids || ARRAY(SELECT id FROM members WHERE id = ANY(rank_positions(e, ne))
                          ORDER BY updated_at DESC, id DESC LIMIT need);
    ELSE
      -- A dense tie group: walk the recency index, first hits win.
      ids := ids || ARRAY(SELECT id FROM members
                           WHERE university_id = p_university AND status = 'ACTIVE' AND id < length(e) AND get_bit(e, id) = 1
                           ORDER BY updated_at DESC NULLS LAST, id DESC NULLS LAST LIMIT need);
    END IF;
  END IF;
  RETURN ids;
END
$$;
--> statement-breakpoint
-- Recommendations or popular (contract section 9): the ids of the top p_k, in no particular order.
-- VOLATILE on purpose: the planner pre-evaluates STABLE calls with constant arguments to estimate
-- unnest() row counts, which would run the whole ranking twice per query.
CREATE FUNCTION "rank_top"(p_university integer, p_caller integer, p_mode text, p_k integer) RETURNS integer[]
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
     AND slice = ANY(time_slices || interest_slices || ARRAY[-1, 200, 201, 202, 203, 204, 205, 206]);
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
  -- Popular: 3·min(i,3) + min(t,3) + min(received,5) + min(sent,2) + keyword (i ≤ 3 already).
  ge3 := zero;
  FOR j IN 3..coalesce(array_length(t, 1), 0) LOOP ge3 := ge3 | t[j]; END LOOP;
  IF coalesce(array_length(t, 1), 0) >= 2 THEN ge3 := ge3 | (t[1] & t[2]); END IF;
  t := ARRAY[coalesce(t[1], zero) | ge3, coalesce(t[2], zero) | ge3];
  score := rank_add(rank_add(iv, rank_shift(iv, 1, zero), zero), t, zero);
  score := rank_add(score, ARRAY[coalesce(maps[array_position(slices, 202)], zero), coalesce(maps[array_position(slices, 203)], zero),
                                 coalesce(maps[array_position(slices, 204)], zero)], zero);
  score := rank_add(score, ARRAY[coalesce(maps[array_position(slices, 205)], zero), coalesce(maps[array_position(slices, 206)], zero)], zero);
  score := rank_add(score, ARRAY[coalesce(maps[array_position(slices, 201)], zero)], zero);
  RETURN rank_pick(p_university, score, pool, p_k, zero);
END
$$;
--> statement-breakpoint
-- Filters total (contract section 3): pool ∩ interest ∩ college ∩ departments ∩ years, counted.
CREATE FUNCTION "rank_count"(p_university integer, p_caller integer, p_interest integer, p_college integer,
                             p_depts integer[], p_year_min integer, p_year_max integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  zero varbit;
  f varbit;
  x varbit;
  d integer;
  b varbit;
BEGIN
  SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = p_university AND slice = -1;
  IF NOT FOUND THEN RETURN 0; END IF;
  f := rank_pool(p_university, p_caller, zero);
  IF p_interest IS NOT NULL THEN f := f & rank_slice(p_university, 100 + p_interest, zero); END IF;
  IF p_college IS NOT NULL THEN f := f & rank_slice(p_university, 200000 + p_college, zero); END IF;
  IF p_depts IS NOT NULL THEN
    x := zero;
    FOREACH d IN ARRAY p_depts LOOP x := x | rank_slice(p_university, 100000 + d, zero); END LOOP;
    f := f & x;
  END IF;
  IF p_year_min IS NOT NULL OR p_year_max IS NOT NULL THEN
    x := zero;
    FOR b IN SELECT bits FROM rank_bitmaps
              WHERE university_id = p_university
                AND slice BETWEEN 300000 + coalesce(p_year_min, 0) AND 300000 + coalesce(p_year_max, 99999)
    LOOP
      x := x | b;
    END LOOP;
    f := f & x;
  END IF;
  RETURN bit_count(f);
END
$$;
--> statement-breakpoint
-- Databases migrated with members already in them.
SELECT rank_rebuild(id) FROM universities WHERE EXISTS (SELECT 1 FROM members m WHERE m.university_id = universities.id);
