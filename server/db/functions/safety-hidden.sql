-- safety_hidden: the live definition (new with the safety schema; no migration holds it).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Members left out of the caller's discovery lists (contract section 15): blocked by the caller,
-- blocking the caller, or held by reports (three distinct reporters within 30 days, until an
-- operator closes the target's reports). Used by rank_pool_exclude (rank_pool, rank_top) and the filters page query.
CREATE OR REPLACE FUNCTION "safety_hidden"(p_university integer, p_caller integer) RETURNS SETOF integer
LANGUAGE sql STABLE AS $$
  SELECT blocked_id FROM blocks WHERE blocker_id = p_caller
  UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = p_caller
  UNION ALL SELECT r.target_id FROM reports r JOIN members m ON m.id = r.target_id
             WHERE r.status = 'OPEN' AND r.hold AND m.university_id = p_university
$$;
