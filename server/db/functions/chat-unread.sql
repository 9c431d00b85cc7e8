-- chat_unread: the live definition (first in migration 0017_chat_unread_trigger; since changed here only).
-- Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Unread counters on chat_rooms (a_unread, b_unread: the friend's messages above the member's read
-- position), kept by statement-level triggers on chat_messages so they change in the same
-- transaction as the messages, whoever writes them (the chat writer, seeds, cascades). A read
-- takes the messages it passed off its side (server/modules/chat/repo.ts readMoves).
--
-- Locking: room rows are locked FOR NO KEY UPDATE in id order, as the store and read batches lock
-- them, so a trigger never waits in an order another batch could wait the other way round in.
--
-- The chat writer's store statements (server/modules/chat/repo.ts) add their own messages to the
-- counters in the UPDATE that stamps the room, cheaper than this trigger, and set
-- lunchchat.unread_counted for the transaction before they insert: that statement's trigger
-- skips and clears it, so any later insert in the same transaction is counted here again.
CREATE OR REPLACE FUNCTION "chat_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('lunchchat.unread_counted', true) = 'on' THEN
    PERFORM set_config('lunchchat.unread_counted', 'off', true);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "chat_rooms" WHERE "id" IN (SELECT "room_id" FROM new_rows) ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "chat_rooms" r
       SET "a_unread" = r."a_unread" + coalesce(d.from_b, 0), "b_unread" = r."b_unread" + coalesce(d.from_a, 0)
      FROM (SELECT n."room_id",
                   count(*) FILTER (WHERE n."sender_id" = c."member_a")::int AS from_a,
                   count(*) FILTER (WHERE n."sender_id" = c."member_b")::int AS from_b
              FROM new_rows n JOIN "chat_rooms" c ON c."id" = n."room_id"
             GROUP BY n."room_id") d
     WHERE r."id" = d."room_id";
  ELSE
    -- Deleted messages (a member's account going, an operator's removal) leave the counts when unread.
    PERFORM 1 FROM "chat_rooms" WHERE "id" IN (SELECT "room_id" FROM old_rows) ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "chat_rooms" r
       SET "a_unread" = greatest(0, r."a_unread" - coalesce(d.from_b, 0)), "b_unread" = greatest(0, r."b_unread" - coalesce(d.from_a, 0))
      FROM (SELECT o."room_id",
                   count(*) FILTER (WHERE o."sender_id" = c."member_a" AND o."id" > c."b_read_id")::int AS from_a,
                   count(*) FILTER (WHERE o."sender_id" = c."member_b" AND o."id" > c."a_read_id")::int AS from_b
              FROM old_rows o JOIN "chat_rooms" c ON c."id" = o."room_id"
             GROUP BY o."room_id") d
     WHERE r."id" = d."room_id";
  END IF;
  RETURN NULL;
END
$$;
