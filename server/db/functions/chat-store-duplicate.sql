-- chat_store_duplicate: the live definition (new with the one-update store statement, decision 0047;
-- no migration holds it). Applied with CREATE OR REPLACE after the migrations on every boot: change it here.
-- Raised by STORE_ONE_SQL (server/modules/chat/repo.ts) when it raised the friend's unread counter
-- but inserted nothing: its (sender, client id) is stored already, before the statement or by
-- another one while it waited for the room's row. The error rolls the statement back, counter
-- included, and the chat repo stores the message with STORE_BATCH_SQL, which counts what it
-- inserted and answers 'duplicate'. SQLSTATE LC409 is ours alone.
CREATE OR REPLACE FUNCTION "chat_store_duplicate"() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'chat message already stored (sender and client id)' USING ERRCODE = 'LC409';
END
$$;
