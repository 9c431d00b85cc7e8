-- Read state moves from a flag per message to a position per (room, member) (contract section 17).
-- A member had read everything up to the newest message of the friend's that was flagged read.
UPDATE "chat_rooms" r SET
  "a_read_id" = coalesce((SELECT max(m."id") FROM "chat_messages" m WHERE m."room_id" = r."id" AND m."sender_id" = r."member_b" AND m."is_read"), 0),
  "b_read_id" = coalesce((SELECT max(m."id") FROM "chat_messages" m WHERE m."room_id" = r."id" AND m."sender_id" = r."member_a" AND m."is_read"), 0);
