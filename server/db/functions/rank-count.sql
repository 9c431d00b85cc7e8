-- rank_count: the live definition (first in migration 0005_rank_bitmaps, last changed in 0005_rank_bitmaps).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Filters total (contract section 3): pool ∩ interest ∩ college ∩ departments ∩ years, counted.
CREATE OR REPLACE FUNCTION "rank_count"(p_university integer, p_caller integer, p_interest integer, p_college integer,
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
