-- rank_filter: the live definition (new with the campus-load work of issue 15; no migration holds it).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- The filters' pool (contract section 3): pool ∩ interest ∩ college ∩ departments ∩ years as a
-- bitmap. Returns its size and, when it is at most p_max_ids members, their ids: a narrow filter's
-- page is then read by id and sorted, instead of walking the order's index past every member the
-- filter rejects (an interest and a year on a 20,000-member campus walk ~2,000 index entries for page 4).
CREATE OR REPLACE FUNCTION "rank_filter"(p_university integer, p_caller integer, p_interest integer, p_college integer,
                             p_depts integer[], p_year_min integer, p_year_max integer, p_max_ids integer,
                             OUT total integer, OUT ids integer[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  zero varbit;
  f varbit;
  x varbit;
  d integer;
  b varbit;
BEGIN
  total := 0;
  SELECT bits INTO zero FROM rank_bitmaps WHERE university_id = p_university AND slice = -1;
  IF NOT FOUND THEN ids := '{}'; RETURN; END IF;
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
  total := bit_count(f);
  IF total <= p_max_ids THEN ids := rank_positions(f, total); END IF;
END
$$;
