-- Unread counters on chat_rooms (decision 0017): the trigger that keeps them, and the counts of
-- the messages already stored. The function's live definition is server/db/functions/chat-unread.sql.
CREATE FUNCTION "chat_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
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
--> statement-breakpoint
CREATE TRIGGER "chat_unread_insert" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread"();
--> statement-breakpoint
CREATE TRIGGER "chat_unread_delete" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_unread"();
--> statement-breakpoint
UPDATE "chat_rooms" r SET
  "a_unread" = (SELECT count(*) FROM "chat_messages" m WHERE m."room_id" = r."id" AND m."sender_id" = r."member_b" AND m."id" > r."a_read_id"),
  "b_unread" = (SELECT count(*) FROM "chat_messages" m WHERE m."room_id" = r."id" AND m."sender_id" = r."member_a" AND m."id" > r."b_read_id");
