-- rank_cards: the live definition (first in migration 0008_rank_cards, last changed in 0008_rank_cards).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Recommendations and popular as one call (decision 0004): the top k from the bitmaps, scored
-- exactly (contract section 9) and ordered, with the card columns, as JSON. Inside plpgsql the
-- queries' plans are cached per connection, so a request costs no planning at all.
CREATE OR REPLACE FUNCTION "rank_cards"(p_university integer, p_caller integer, p_mode text, p_k integer) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ids integer[];
  tm bigint;
  im integer;
  result json;
BEGIN
  ids := rank_top(p_university, p_caller, p_mode, p_k);
  IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN '[]'::json; END IF;
  SELECT time_mask, interest_mask INTO tm, im FROM members WHERE id = p_caller;
  SELECT coalesce(json_agg(c ORDER BY c.score DESC, c.updated_at DESC, c.id DESC), '[]'::json) INTO result
    FROM (SELECT m.id, coalesce(m.membername, m.account_name) AS name, m.profile_image_url, m.student_no, m.interest_mask,
                 d.name AS department, m.updated_at,
                 CASE WHEN p_mode = 'recommendations'
                   THEN 6 * bit_count((m.time_mask & tm)::bit(64)) + 4 * bit_count((m.interest_mask::int & im)::bit(8))
                   ELSE 3 * least(bit_count((m.interest_mask::int & im)::bit(8)), 3) + least(bit_count((m.time_mask & tm)::bit(64)), 3)
                        + least(m.pending_received, 5) + least(m.pending_sent, 2) + m.has_keyword::int
                 END AS score,
                 (SELECT json_agg(json_build_object('id', k.id, 'type', k.type, 'title', k.title, 'description', k.description)
                                  ORDER BY array_position(ARRAY['EXPRESS','GOAL','INTEREST']::text[], k.type), k.id)
                    FROM keywords k WHERE k.member_id = m.id) AS keywords
            FROM members m LEFT JOIN departments d ON d.id = m.department_id
           WHERE m.id = ANY(ids)) c;
  RETURN result;
END
$$;
