-- meetup_excluded: the live definition (new with the meetups, contract section 14).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Members section 9's pool leaves out for p_caller because of meetups:
--  * already met: a DONE meetup with the caller;
--  * no-show: partners said `met: false` for two of the member's meetups within 30 days, until
--    30 days after the later of those two reports (for everyone, not only the reporters).
CREATE OR REPLACE FUNCTION "meetup_excluded"(p_caller integer) RETURNS SETOF integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN m.proposer_id = p_caller THEN m.partner_id ELSE m.proposer_id END
    FROM meetups m
   WHERE (m.proposer_id = p_caller OR m.partner_id = p_caller) AND m.status = 'DONE'
  UNION
  SELECT later.about_id
    FROM meetup_checkins later
   WHERE NOT later.met AND later.created_at > now() - interval '30 days'
     AND EXISTS (SELECT 1 FROM meetup_checkins earlier
                  WHERE earlier.about_id = later.about_id AND NOT earlier.met
                    AND earlier.meetup_id <> later.meetup_id
                    AND earlier.created_at <= later.created_at
                    AND earlier.created_at >= later.created_at - interval '30 days')
$$;
