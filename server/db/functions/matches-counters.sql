-- matches_counters: the live definition (first in migration 0003_match_counters, last changed in 0003_match_counters).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Match counters on members (pending_received, pending_sent, match_count), kept by statement-level
-- triggers on matches so they change in the same transaction as the match rows, whoever writes
-- them (API, seeds, cascades). Decision 0004: ranking reads these instead of aggregating matches.
--
-- Locking: member rows are locked FOR NO KEY UPDATE in id order before the update. NO KEY UPDATE
-- does not conflict with the FOR KEY SHARE the foreign-key checks of concurrent match inserts
-- take, and the fixed order means two transactions touching the same members cannot deadlock.
CREATE OR REPLACE FUNCTION "matches_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "members" WHERE "id" IN (SELECT "requester_id" FROM new_rows UNION SELECT "target_id" FROM new_rows)
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "members" m
       SET "match_count" = m."match_count" + d.mc, "pending_sent" = m."pending_sent" + d.ps, "pending_received" = m."pending_received" + d.pr
      FROM (SELECT id, sum(mc)::int AS mc, sum(ps)::int AS ps, sum(pr)::int AS pr FROM (
              SELECT "requester_id" AS id, 1 AS mc, ("status" = 'REQUESTED')::int AS ps, 0 AS pr FROM new_rows
              UNION ALL SELECT "target_id", 1, 0, ("status" = 'REQUESTED')::int FROM new_rows) x GROUP BY id) d
     WHERE m."id" = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM "members" WHERE "id" IN (SELECT "requester_id" FROM old_rows UNION SELECT "target_id" FROM old_rows)
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "members" m
       SET "match_count" = m."match_count" - d.mc, "pending_sent" = m."pending_sent" - d.ps, "pending_received" = m."pending_received" - d.pr
      FROM (SELECT id, sum(mc)::int AS mc, sum(ps)::int AS ps, sum(pr)::int AS pr FROM (
              SELECT "requester_id" AS id, 1 AS mc, ("status" = 'REQUESTED')::int AS ps, 0 AS pr FROM old_rows
              UNION ALL SELECT "target_id", 1, 0, ("status" = 'REQUESTED')::int FROM old_rows) x GROUP BY id) d
     WHERE m."id" = d.id;
  ELSE
    PERFORM 1 FROM "members" WHERE "id" IN (
        SELECT "requester_id" FROM new_rows UNION SELECT "target_id" FROM new_rows
        UNION SELECT "requester_id" FROM old_rows UNION SELECT "target_id" FROM old_rows)
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "members" m
       SET "match_count" = m."match_count" + d.mc, "pending_sent" = m."pending_sent" + d.ps, "pending_received" = m."pending_received" + d.pr
      FROM (SELECT id, sum(mc)::int AS mc, sum(ps)::int AS ps, sum(pr)::int AS pr FROM (
              SELECT "requester_id" AS id, 1 AS mc, ("status" = 'REQUESTED')::int AS ps, 0 AS pr FROM new_rows
              UNION ALL SELECT "target_id", 1, 0, ("status" = 'REQUESTED')::int FROM new_rows
              UNION ALL SELECT "requester_id", -1, -("status" = 'REQUESTED')::int, 0 FROM old_rows
              UNION ALL SELECT "target_id", -1, 0, -("status" = 'REQUESTED')::int FROM old_rows) x GROUP BY id) d
     WHERE m."id" = d.id AND (d.mc <> 0 OR d.ps <> 0 OR d.pr <> 0);
  END IF;
  RETURN NULL;
END
$$;
