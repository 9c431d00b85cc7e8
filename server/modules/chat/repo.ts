import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatRooms, departments, matches, members } from '../../db/schema';
import type { MessageRow } from './message';
import { prepared, preparedRows } from '../../db/prepared';

/** node-postgres and PGlite both answer raw queries with `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Raw queries select ids as text and times as epoch ms so both drivers return the same JS types.
const createdMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

interface RawMessage {
  id: string;
  room_id: number;
  sender_id: number;
  content: string;
  client_message_id: string | null;
  created_ms: number;
}

function toRow(raw: RawMessage): MessageRow {
  return {
    id: String(raw.id),
    roomId: Number(raw.room_id),
    senderId: Number(raw.sender_id),
    content: raw.content,
    clientMessageId: raw.client_message_id,
    createdMs: Number(raw.created_ms),
  };
}

export interface RoomAccess {
  id: number;
  memberA: number;
  memberB: number;
  aLeft: boolean;
  bLeft: boolean;
  /** A block between the two, either way (section 15): the room is gone for both while it lasts. */
  blocked?: boolean;
}

/** A room with both members' read positions (message ids as decimal strings, "0" = none). */
export interface RoomReadState extends RoomAccess {
  aReadId: string;
  bReadId: string;
}

/** What the chat list shows of a room, for each member (contract section 17 `event:room`). */
export interface RoomSummary extends RoomAccess {
  lastMessage: string | null;
  lastMessageMs: number | null;
  aUnread: number;
  bUnread: number;
}

export interface ListedRoom {
  roomId: number;
  friendId: number;
  friendName: string;
  friendDepartment: string;
  friendImageUrl: string | null;
  lastMessage: string | null;
  lastMessageMs: number | null;
  unreadCount: number;
}

/** Both unread counters of a room, as the statement that wrote them left them. */
export interface RoomUnread {
  id: number;
  memberA: number;
  memberB: number;
  aUnread: number;
  bUnread: number;
}

/** A room as a store statement left it: who may write, and both unread counters after the batch. */
export type StoredRoom = RoomAccess & RoomUnread;

export type StoreResult =
  { kind: 'stored'; row: MessageRow; room: StoredRoom } | { kind: 'duplicate'; row: MessageRow; room: StoredRoom } | { kind: 'forbidden' };

/** A read that moved: the reader's new position, and the room's unread counters after it. */
export interface ReadResult {
  lastReadMessageId: string;
  room: RoomUnread;
}

export interface StoreRequest {
  roomId: number;
  senderId: number;
  /** Trimmed, 1–1000 characters, well-formed, no NUL (checked at the edge). */
  content: string;
  clientMessageId: string | null;
}

/**
 * The rows both store statements return: each room with a permitted sender (with both unread
 * counters as this statement left them: `event:room` is told from them, decision 0036), then each
 * inserted message (BatchRow). `stamp` (a data-modifying CTE, whose RETURNING gives those counters) sets the
 * room's last_message_at and adds what was inserted to the friend's unread counter, the
 * chat_unread trigger's work done here in the same UPDATE; `counted` tells that trigger
 * (server/db/functions/chat-unread.sql) to leave this statement's rows alone. One new version of
 * the room row per batch instead of two, and no trigger query: measured per store statement on
 * PGlite, the trigger was ~0.27 of ~0.66 ms (docs/decisions/0017).
 */
const STAMP = `stamp as (
    update chat_rooms cr
       set last_message_at = now(),
           a_unread = cr.a_unread + (select count(*) from ins where ins.room_id = cr.id and ins.sender_id = cr.member_b),
           b_unread = cr.b_unread + (select count(*) from ins where ins.room_id = cr.id and ins.sender_id = cr.member_a)
     where cr.id = any(array(select id from room))
    returning cr.id, cr.a_unread, cr.b_unread
  )`;

const STORED_ROWS = `
  , ${STAMP}
  ${storedRows()}`;

/**
 * The store statements' result rows (BatchRow) from `room`, `stamp` and `ins`: each room with the
 * counters `stamp` left, then each inserted message. `withReads`: two more (null) columns, a_read and
 * b_read, for the joint statements' 'read' rows that follow.
 */
function storedRows(withReads = false) {
  const named = withReads ? ', null::text as a_read, null::text as b_read' : '';
  return `select 'room' as kind, room.id as room_id, room.member_a, room.member_b, room.a_left, room.b_left,
         stamp.a_unread, stamp.b_unread,
         null::text as id, null::int as sender_id, null::text as client_message_id, null::float8 as created_ms${named}
    from room join stamp on stamp.id = room.id
  union all
  select 'message', ins.room_id, null, null, null, null, null, null,
         ins.id::text, ins.sender_id, ins.client_message_id, (extract(epoch from ins.created_at) * 1000)::float8${withReads ? ', null, null' : ''}
    from ins`;
}

/** bigint's largest value: a read's bound past it means everything. */
const MAX_BIGINT = 2n ** 63n - 1n;

/** Set while a store statement reads its room (so before its insert): see chat-unread.sql. */
const COUNTED = `set_config('lunchchat.unread_counted', 'on', true) as counted`;

/** `member` is in `room` (aliases or SQL expressions in the statements' text): a participant who has not left. */
const isIn = (room: string, member: string) =>
  `((${room}.member_a = ${member} and not ${room}.a_left) or (${room}.member_b = ${member} and not ${room}.b_left))`;

/**
 * `sender` may write in `room`: a participant, and neither of the two has left (decision 0060).
 * A friend who left cannot receive it (their list and queue do not show the room), so the message
 * is refused rather than stored with a `1` that never goes.
 */
const mayWriteIn = (room: string, sender: string) =>
  `((${room}.member_a = ${sender} or ${room}.member_b = ${sender}) and not ${room}.a_left and not ${room}.b_left)`;

/** Section 15: a block between the room's two members, either way (primary key / blocks_blocked probes). */
const blockedIn = (room: string) =>
  `exists (select 1 from blocks b where (b.blocker_id = ${room}.member_a and b.blocked_id = ${room}.member_b)
                                   or (b.blocker_id = ${room}.member_b and b.blocked_id = ${room}.member_a))`;

/** The one-message statements' `ins`: $2 writes $3 under client id $4 in `room`, the room locked with `counted` set. */
const INSERT_ONE = `ins as (
    insert into chat_messages (room_id, sender_id, content, client_message_id)
    select id, $2::int, $3::text, $4::text from room where counted is not null
    on conflict (sender_id, client_message_id) do nothing
    returning id, room_id, sender_id, client_message_id, created_at
  )`;

/**
 * The one-message case of STORE_BATCH_SQL (same result rows), much cheaper to run: one UPDATE
 * locks the room's row and stamps it, the friend's counter raised for the message, before the
 * insert (ids within a room are in commit order), as the app before section 17 stored a message.
 * STORE_BATCH_SQL locks the row, then stamps it with what it inserted: two changes to the row.
 * Timed one after another on PostgreSQL, this takes 70 µs less a message of ~560 (decision 0047).
 * A message whose (sender, client id) is stored already, before the statement or by another one
 * while it waited for the row (after its snapshot), inserts nothing: chat_store_duplicate() then
 * rolls the statement back, counter included, and storeBatch stores it with STORE_BATCH_SQL, which
 * answers 'duplicate'. Duplicates are an outbox's resends after a lost RECEIPT: rare, and exact.
 */
const STORE_ONE_SQL = `
  with room as (
    update chat_rooms cr
       set last_message_at = now(),
           a_unread = cr.a_unread + (cr.member_b = $2::int)::int,
           b_unread = cr.b_unread + (cr.member_a = $2::int)::int
     where cr.id = $1::int and ${mayWriteIn('cr', '$2::int')} and not ${blockedIn('cr')}
    returning cr.id, cr.member_a, cr.member_b, cr.a_left, cr.b_left, cr.a_unread, cr.b_unread, ${COUNTED}
  ), ${INSERT_ONE}, stamp as (
    -- storedRows takes the counters from stamp: here the UPDATE above set them.
    select id, a_unread, b_unread from room
  )
  ${storedRows()}
  union all
  select 'room', chat_store_duplicate(), null, null, null, null, null, null, null, null, null, null
   where exists (select 1 from room) and not exists (select 1 from ins)`;

/**
 * The batch statements' `ins`: the input's messages (o, r, s, c, m) whose sender may write in their
 * locked room (`room`, with `counted` set before the insert), in batch order, skipping (sender,
 * client id) pairs that already exist.
 */
const INSERT_PERMITTED = `ins as (
    insert into chat_messages (room_id, sender_id, content, client_message_id)
    select i.r, i.s, i.c, i.m
      from input i join room on room.id = i.r
     where ${mayWriteIn('room', 'i.s')} and room.counted is not null
     order by i.o
    on conflict (sender_id, client_message_id) do nothing
    returning id, room_id, sender_id, client_message_id, created_at
  )`;

/**
 * Stores a batch in one statement (one transaction, one commit): locks each room that has at
 * least one permitted sender — the row lock orders ids within a room by commit — then inserts the
 * permitted messages in batch order, skipping (sender, client id) pairs that already exist.
 * Returns those rooms and the rows it inserted.
 */
export const STORE_BATCH_SQL = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as t(o int, r int, s int, c text, m text)
  ), room as (
    -- The rooms' rows locked in id order, as the read batch does: batches of several instances
    -- that share rooms then queue behind each other instead of deadlocking. By id (any(array)):
    -- as a join, the planner took the input for 100 rows and read every room of the campus.
    select cr.id, cr.member_a, cr.member_b, cr.a_left, cr.b_left, ${COUNTED}
      from chat_rooms cr
     where cr.id = any(array(select r from input))
       and exists (select 1 from input i where i.r = cr.id and ${mayWriteIn('cr', 'i.s')})
       and not ${blockedIn('cr')}
     order by cr.id
       for no key update
  ), ${INSERT_PERMITTED}
  ${STORED_ROWS}`;

export interface ReadRequest {
  roomId: number;
  memberId: number;
  /** A message id (decimal string): read up to here; undefined = everything. */
  upTo?: string;
}

/** What the read fragments (readTargets, readMoves, readOne) take of each row of `locked`, the rooms locked as `cr`. */
const LOCKED_COLUMNS = 'cr.id, cr.member_a, cr.member_b, cr.a_left, cr.b_left, cr.a_read_id, cr.b_read_id';

/**
 * The reads' targets (MARK_READ_SQL, STORE_AND_READ_SQL), from `reads` (o, r, m, u) and the locked
 * rooms `locked`: per read, the friend's newest message at or below its bound and above the
 * reader's position (none: the position stays). The lower bound is what keeps it cheap: PostgreSQL
 * estimates two rows for one sender in one room (it takes the two columns as independent) and
 * planned the search as a bitmap scan of every message the friend had ever sent there, then a
 * sort, also as ORDER BY … LIMIT 1: 40–200 ms a statement late in bench/chat.ts, once a whole
 * round of 20 s (decision 0037). Above the position, that is the unread messages only. Per room
 * (`per_room`), the furthest such message for each member still in it, beside the positions the
 * lock found (a_old, b_old).
 */
const readTargets = (reads: string) => `
  target as (
    select l.id, i.m,
           (select x.id from chat_messages x
             where x.room_id = l.id and x.sender_id = case when l.member_a = i.m then l.member_b else l.member_a end
               and x.id > case when l.member_a = i.m then l.a_read_id else l.b_read_id end
               and (i.u is null or x.id <= i.u)
             order by x.id desc limit 1) as to_id
      from ${reads} i join locked l on l.id = i.r and i.m in (l.member_a, l.member_b)
  ), per_room as (
    select l.id, l.a_read_id as a_old, l.b_read_id as b_old,
           max(t.to_id) filter (where t.m = l.member_a and not l.a_left) as a_to,
           max(t.to_id) filter (where t.m = l.member_b and not l.b_left) as b_to
      from target t join locked l on l.id = t.id
     group by l.id, l.member_a, l.member_b, l.a_left, l.b_left, l.a_read_id, l.b_read_id
  )`;

/**
 * The SET list that moves read positions forward to `p`.a_to / b_to. A moved side's counter loses
 * the friend's messages it passed, counted by index between the old and new position (a few at
 * most): every message at or below the new one is visible to the statement (ids within a room are
 * in commit order, the room's lock orders them), where a recount of all above it would miss one
 * that another instance committed after the statement's snapshot and before its lock: that
 * message is in the counter (the locked row is the newest), not in the snapshot. `plus` adds the
 * statement's own inserts to a side.
 */
const readMoves = (p: string, plus: { a: string; b: string } = { a: '0', b: '0' }) => `
         a_read_id = greatest(cr.a_read_id, coalesce(${p}.a_to, 0)),
         b_read_id = greatest(cr.b_read_id, coalesce(${p}.b_to, 0)),
         a_unread = ${plus.a} + greatest(0, cr.a_unread - case when ${p}.a_to > cr.a_read_id
           then (select count(*) from chat_messages x where x.room_id = cr.id and x.sender_id = cr.member_b and x.id > cr.a_read_id and x.id <= ${p}.a_to)
           else 0 end),
         b_unread = ${plus.b} + greatest(0, cr.b_unread - case when ${p}.b_to > cr.b_read_id
           then (select count(*) from chat_messages x where x.room_id = cr.id and x.sender_id = cr.member_a and x.id > cr.b_read_id and x.id <= ${p}.b_to)
           else 0 end)`;

/**
 * Every read of a batch in one statement. Per read, the friend's newest message at or below its
 * bound; per room, the furthest such message for each member still in it. A room's row is
 * updated once (an UPDATE … FROM with two source rows for one target row would apply only one),
 * and only where a position moves forward; the counters as readMoves says.
 */
export const MARK_READ_SQL = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as t(o int, r int, m int, u bigint)
  ), locked as (
    -- The rooms' rows locked in id order, the same order in every batch: fewer deadlocks. By id
    -- (any(array)) and read once: joined to the input, which the planner takes for 100 rows, the
    -- campus's every room was read, twice (4 ms a read with 5,000 rooms).
    select ${LOCKED_COLUMNS}
      from chat_rooms cr where cr.id = any(array(select r from input)) order by cr.id for no key update
  ), ${readTargets('input')}
  update chat_rooms cr
     set ${readMoves('p')}
    from per_room p
   where cr.id = p.id and (p.a_to > cr.a_read_id or p.b_to > cr.b_read_id)
  returning cr.id, cr.member_a, cr.member_b, cr.a_unread, cr.b_unread,
            case when p.a_to > p.a_old then cr.a_read_id::text end as a_read,
            case when p.b_to > p.b_old then cr.b_read_id::text end as b_read`;

/**
 * A batch's sends and reads in one statement (one commit, one new version of each room row), when
 * it has both: bench/chat.ts's 100 pairs send and read in the same rooms in the same batches.
 * STORE_BATCH_SQL and MARK_READ_SQL in one: every room of either is locked in id order, the room's
 * one UPDATE stamps it, adds the inserted messages to the friend's counter and takes the read ones
 * off the reader's. A read covers the messages committed before the statement, not those it
 * inserts: nobody can have been shown those yet. Returns STORE_BATCH_SQL's rows, then a 'read' row
 * per updated room with MARK_READ_SQL's columns (a_read, b_read) and its counters.
 */
export const STORE_AND_READ_SQL = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as t(o int, r int, s int, c text, m text)
  ), reads as (
    select * from jsonb_to_recordset($2::jsonb) as t(o int, r int, m int, u bigint)
  ), locked as (
    select ${LOCKED_COLUMNS},
           exists (select 1 from input i where i.r = cr.id and ${mayWriteIn('cr', 'i.s')}) and not ${blockedIn('cr')} as may_send
      from chat_rooms cr
     where cr.id = any(array(select r from input union select r from reads))
     order by cr.id
       for no key update
  ), room as (
    select l.*, ${COUNTED} from locked l where l.may_send
  ), ${INSERT_PERMITTED}, ${readTargets('reads')}, stamp as (
    update chat_rooms cr
       set last_message_at = case when s.may_send then now() else cr.last_message_at end,
           ${readMoves('s', {
             a: '(select count(*) from ins where ins.room_id = cr.id and ins.sender_id = cr.member_b)',
             b: '(select count(*) from ins where ins.room_id = cr.id and ins.sender_id = cr.member_a)',
           })}
      from (select l.id, l.may_send, p.a_to, p.b_to, l.a_read_id as a_old, l.b_read_id as b_old
              from locked l left join per_room p on p.id = l.id) s
     -- By id (any(array)) as well: joined to s alone, the planner scanned every room of the campus.
     where cr.id = any(array(select id from locked)) and cr.id = s.id
       and (s.may_send or s.a_to > cr.a_read_id or s.b_to > cr.b_read_id)
    returning cr.id, cr.member_a, cr.member_b, cr.a_unread, cr.b_unread,
              case when s.a_to > s.a_old then cr.a_read_id::text end as a_read,
              case when s.b_to > s.b_old then cr.b_read_id::text end as b_read
  )
  ${storedRows(true)}
  union all
  select 'read', stamp.id, stamp.member_a, stamp.member_b, null, null, stamp.a_unread, stamp.b_unread,
         null, null, null, null, stamp.a_read, stamp.b_read
    from stamp where stamp.a_read is not null or stamp.b_read is not null`;

/**
 * One read (READ_ONE_SQL and the one-read joint statements): `member` in `room`, whose row `locked` holds,
 * up to message `upTo` (null: everything). One scan of the friend's messages above the reader's
 * position and at or below the bound gives both the new position (the newest of them) and what
 * the reader's counter loses (how many): exact for the reason readMoves gives, as the position is
 * the locked row's. `moved`: the room as updated, when the position moved, with MARK_READ_SQL's columns.
 */
const readOne = (room: string, member: string, upTo: string) => `
  reader as (
    select l.id, l.member_a = ${member} as is_a,
           case when l.member_a = ${member} then l.member_b else l.member_a end as friend,
           case when l.member_a = ${member} then l.a_read_id else l.b_read_id end as pos
      from locked l
     where l.id = ${room} and ${isIn('l', member)}
  ), target as (
    select r.id, r.is_a, m.to_id, m.n
      from reader r, lateral (
        select max(x.id) as to_id, count(*)::int as n
          from chat_messages x
         where x.room_id = r.id and x.sender_id = r.friend and x.id > r.pos and x.id <= coalesce(${upTo}, ${MAX_BIGINT})
      ) m
     where m.n > 0
  ), moved as (
    update chat_rooms cr
       set a_read_id = case when t.is_a then t.to_id else cr.a_read_id end,
           a_unread = case when t.is_a then greatest(0, cr.a_unread - t.n) else cr.a_unread end,
           b_read_id = case when t.is_a then cr.b_read_id else t.to_id end,
           b_unread = case when t.is_a then cr.b_unread else greatest(0, cr.b_unread - t.n) end
      from target t
     where cr.id = ${room} and cr.id = t.id
    returning cr.id, cr.member_a, cr.member_b, cr.a_unread, cr.b_unread,
              case when t.is_a then cr.a_read_id::text end as a_read,
              case when not t.is_a then cr.b_read_id::text end as b_read
  )`;

/** The one-read joint statements' rows, as STORE_AND_READ_SQL's: the store's, then `moved` as a 'read' row. */
const JOINT_ROWS = `${storedRows(true)}
  union all
  select 'read', moved.id, moved.member_a, moved.member_b, null, null, moved.a_unread, moved.b_unread,
         null, null, null, null, moved.a_read, moved.b_read
    from moved`;

/**
 * The one-read case of MARK_READ_SQL (same result rows): member $2 in room $1 up to message $3
 * (null: everything). What a read alone is when the chat is quiet (writer.ts READ_HOLD_MS).
 */
export const READ_ONE_SQL = `
  with locked as (
    select ${LOCKED_COLUMNS}
      from chat_rooms cr where cr.id = $1::int for no key update
  ), ${readOne('$1::int', '$2::int', '$3::bigint')}
  select id, member_a, member_b, a_unread, b_unread, a_read, b_read from moved`;

/**
 * STORE_ONE_SQL ($1–$4) and READ_ONE_SQL ($5–$7) in one statement, with STORE_AND_READ_SQL's rows,
 * for two different rooms (the caller's check: one statement must not update a row twice). Both
 * rows are locked in id order, as the batches lock theirs. Nearly half the joint batches of
 * bench/chat.ts's 100 pairs are this (454 of 971), and STORE_AND_READ_SQL cost them what the
 * message and the read cost apart; this costs about the message and ~0.1 ms (decision 0043).
 */
export const STORE_ONE_AND_READ_SQL = `
  with locked as (
    select ${LOCKED_COLUMNS}
      from chat_rooms cr where cr.id in ($1::int, $5::int) order by cr.id for no key update
  ), room as (
    select l.id, l.member_a, l.member_b, l.a_left, l.b_left, ${COUNTED}
      from locked l
     where l.id = $1::int and ${mayWriteIn('l', '$2::int')} and not ${blockedIn('l')}
  ), ${INSERT_ONE}, ${STAMP}, ${readOne('$5::int', '$6::int', '$7::bigint')}
  ${JOINT_ROWS}`;

/**
 * STORE_BATCH_SQL ($1) and READ_ONE_SQL ($2–$4) in one statement, with STORE_AND_READ_SQL's rows,
 * the read in a room none of the messages is in: with STORE_ONE_AND_READ_SQL, ~85 % of the joint
 * batches (decision 0043).
 */
export const STORE_BATCH_AND_READ_ONE_SQL = `
  with input as (
    select * from jsonb_to_recordset($1::jsonb) as t(o int, r int, s int, c text, m text)
  ), locked as (
    select ${LOCKED_COLUMNS}
      from chat_rooms cr
     where cr.id = any(array(select r from input union select $2::int))
     order by cr.id
       for no key update
  ), room as (
    select l.id, l.member_a, l.member_b, l.a_left, l.b_left, ${COUNTED}
      from locked l
     where exists (select 1 from input i where i.r = l.id and ${mayWriteIn('l', 'i.s')}) and not ${blockedIn('l')}
  ), ${INSERT_PERMITTED}, ${STAMP}, ${readOne('$2::int', '$3::int', '$4::bigint')}
  ${JOINT_ROWS}`;

interface BatchRow {
  kind: 'room' | 'message';
  room_id: number;
  member_a: number | null;
  member_b: number | null;
  a_left: boolean | null;
  b_left: boolean | null;
  a_unread: number | null;
  b_unread: number | null;
  id: string | null;
  sender_id: number | null;
  client_message_id: string | null;
  created_ms: number | null;
}

/** STORE_AND_READ_SQL's rows: STORE_BATCH_SQL's, then a 'read' row per room whose positions moved. */
type JointRow = BatchRow | (ReadRow & { kind: 'read'; room_id: number });

interface ReadRow {
  id: number;
  member_a: number;
  member_b: number;
  a_unread: number;
  b_unread: number;
  a_read: string | null;
  b_read: string | null;
}

const DEADLOCK = '40P01';
/** chat_store_duplicate() (server/db/functions/chat-store-duplicate.sql): STORE_ONE_SQL inserted nothing. */
const STORE_DUPLICATE = 'LC409';

/**
 * The database refused the statement for what it did: an SQLSTATE error, so it was rolled back.
 * Not a connection loss, a shutdown or an internal error (classes 08, 57, XX), after which the
 * commit may have happened.
 */
const refused = (err: unknown): boolean => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57|XX)/.test(code);
};

/**
 * Batches on several instances (PostgreSQL) lock overlapping rooms, each in its own plan's order;
 * when two wait on each other PostgreSQL aborts one, which runs again (bench/load.ts found this
 * for reads at four instances).
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw err;
    }
  }
}

/** A PostgreSQL int[] literal of checked integers (a prepared statement's text argument). */
const intArray = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new Error('intArray: integers only');
  return `{${ids.join(',')}}`;
};

/**
 * `event:room`'s rows: one per room ($1), then, for each member ($2, and both members of the
 * rooms in $3), one per room of theirs with unread messages that counts towards their total
 * (member in `id`, room in `member_a`, count in `a_unread`). A room counts as in GET
 * /api/chatrooms/unread: not left by the member, no block between the two (section 15), the
 * friend not suspended (section 16). Rows rather than a sum: events.ts keeps them and follows
 * them from the store and read statements (decision 0036).
 */
export const ROOM_EVENTS_SQL = `
  with asked as (
    select unnest($2::int[]) as member_id
    union
    select x.member_id from chat_rooms r cross join lateral (values (r.member_a), (r.member_b)) as x(member_id)
     where r.id = any($3::int[])
  )
  select 'room' as kind, r.id, r.member_a, r.member_b, r.a_left, r.b_left,
         lm.content as last_message, (extract(epoch from lm.created_at) * 1000)::float8 as last_ms,
         r.a_unread, r.b_unread
    from chat_rooms r
    left join lateral (
      select m.content, m.created_at from chat_messages m where m.room_id = r.id order by m.id desc limit 1
    ) lm on true
   where r.id = any($1::int[])
  union all
  -- Each member asked about once, also one with nothing unread (who has no rows below).
  select 'member', t.member_id, null, null, null, null, null, null, null, null from asked t
  union all
  select 'unread', t.member_id, u.room_id, null, null, null, null, null, u.unread, null
    from asked t
   cross join lateral (
           select r.id as room_id, r.a_unread as unread from chat_rooms r
            where r.member_a = t.member_id and not r.a_left and r.a_unread > 0
              and not ${blockedIn('r')}
              and not exists (select 1 from members s where s.id = r.member_b and s.status = 'DISABLED')
           union all
           select r.id, r.b_unread from chat_rooms r
            where r.member_b = t.member_id and not r.b_left and r.b_unread > 0
              and not ${blockedIn('r')}
              and not exists (select 1 from members s where s.id = r.member_a and s.status = 'DISABLED')
         ) u`;

/** A member's unread total: the sum over the rooms that count (ROOM_EVENTS_SQL's rows). */
export const sumOf = (rooms: ReadonlyMap<number, number>): number => {
  let total = 0;
  for (const n of rooms.values()) total += n;
  return total;
};

/** mayWriteIn's rule on a room row the store statement returned. */
const mayWrite = (room: RoomAccess, senderId: number) => (room.memberA === senderId || room.memberB === senderId) && !room.aLeft && !room.bLeft;

export function chatRepo(db: Db) {
  // The send path uses named prepared statements on the driver's own client: no query builder,
  // no per-message parse and plan (measured with bench/chat.ts).
  const statements = prepared(db);

  /** Rooms the member has not left: by member_a through the pair index, by member_b through its own. */
  // Not left by the member; no block between the two (section 15); the friend not suspended (section 16).
  const visibleTo = (memberId: number) =>
    sql`((r.member_a = ${memberId} and not r.a_left) or (r.member_b = ${memberId} and not r.b_left)) and not ${sql.raw(blockedIn('r'))}
        and not exists (select 1 from members s where s.id = (case when r.member_a = ${memberId} then r.member_b else r.member_a end)
                                                   and s.status = 'DISABLED')`;

  /** The store statement of a batch, and how its rows answer each request. */
  function storeStatement(requests: readonly StoreRequest[]) {
    // A client id repeated inside the batch is answered by its first occurrence.
    const firstOf = new Map<string, number>();
    const input: Array<{ o: number; r: number; s: number; c: string; m: string | null }> = [];
    requests.forEach((q, i) => {
      if (q.clientMessageId !== null) {
        const key = `${q.senderId}:${q.clientMessageId}`;
        if (firstOf.has(key)) return;
        firstOf.set(key, i);
      }
      input.push({ o: i, r: q.roomId, s: q.senderId, c: q.content, m: q.clientMessageId });
    });

    const only = input.length === 1 ? input[0]! : undefined;
    const batch = { name: 'chat_store_batch', text: STORE_BATCH_SQL, args: [JSON.stringify(input)] };
    return {
      input,
      only,
      /** The batch statement, also for one message that STORE_ONE_SQL found stored already. */
      batch,
      ...(only ? { name: 'chat_store_one', text: STORE_ONE_SQL, args: [only.r, only.s, only.c, only.m] } : batch),
      async finish(rows: readonly BatchRow[]): Promise<StoreResult[]> {
        const rooms = new Map<number, StoredRoom>();
        const byClientId = new Map<string, BatchRow>();
        const plain = new Map<string, BatchRow[]>();
        for (const row of rows) {
          if (row.kind === 'room') {
            rooms.set(Number(row.room_id), {
              id: Number(row.room_id),
              memberA: Number(row.member_a),
              memberB: Number(row.member_b),
              aLeft: Boolean(row.a_left),
              bLeft: Boolean(row.b_left),
              aUnread: Number(row.a_unread),
              bUnread: Number(row.b_unread),
            });
          } else if (row.client_message_id !== null) {
            byClientId.set(`${row.sender_id}:${row.client_message_id}`, row);
          } else {
            const key = `${row.room_id}:${row.sender_id}`;
            const list = plain.get(key) ?? [];
            list.push(row);
            plain.set(key, list);
          }
        }
        // Rows without a client id cannot conflict: in id order they are the permitted requests in batch order.
        for (const list of plain.values()) list.sort((x, y) => (BigInt(x.id!) < BigInt(y.id!) ? -1 : 1));

        const results: Array<StoreResult | undefined> = new Array(requests.length);
        const missing: number[] = [];
        requests.forEach((q, i) => {
          const room = rooms.get(q.roomId);
          if (!room || !mayWrite(room, q.senderId)) {
            results[i] = { kind: 'forbidden' };
            return;
          }
          let row: BatchRow | undefined;
          if (q.clientMessageId === null) row = plain.get(`${q.roomId}:${q.senderId}`)?.shift();
          else if (firstOf.get(`${q.senderId}:${q.clientMessageId}`) === i) row = byClientId.get(`${q.senderId}:${q.clientMessageId}`);
          if (row) {
            results[i] = {
              kind: 'stored',
              room,
              row: {
                id: String(row.id),
                roomId: q.roomId,
                senderId: q.senderId,
                content: q.content,
                clientMessageId: q.clientMessageId,
                createdMs: Number(row.created_ms),
              },
            };
          } else {
            missing.push(i);
          }
        });

        if (missing.length > 0) {
          // Client ids stored before (or earlier in this batch): answer with the stored row.
          const stored = await rowsOf<RawMessage>(
            db,
            sql`select id::text as id, room_id, sender_id, content, client_message_id, ${createdMs(sql`created_at`)} as created_ms
                from chat_messages
               where sender_id in ${missing.map((i) => requests[i]!.senderId)}
                 and client_message_id in ${missing.map((i) => requests[i]!.clientMessageId!)}`,
          );
          const found = new Map(stored.map((r) => [`${Number(r.sender_id)}:${r.client_message_id}`, toRow(r)]));
          for (const i of missing) {
            const q = requests[i]!;
            const row = found.get(`${q.senderId}:${q.clientMessageId}`);
            // Not found: the client id's first use in this batch was refused (another room); so is this.
            results[i] = row ? { kind: 'duplicate', room: rooms.get(q.roomId)!, row } : { kind: 'forbidden' };
          }
        }
        return results as StoreResult[];
      },
    };
  }

  /** The read statement of a batch, and how its rows answer each read. */
  function readStatement(reads: readonly ReadRequest[]) {
    // A bound past bigint's range (19 digits pass the contract's pattern) means "everything": one
    // out-of-range value must not fail the reads batched with it.
    const bound = (upTo: string | undefined) => (upTo === undefined || BigInt(upTo) > MAX_BIGINT ? null : upTo);
    const input = reads.map((q, i) => ({ o: i, r: q.roomId, m: q.memberId, u: bound(q.upTo) }));
    const only = input.length === 1 ? input[0]! : undefined;
    return {
      input,
      only,
      ...(only
        ? { name: 'chat_read_one', text: READ_ONE_SQL, args: [only.r, only.m, only.u] }
        : { name: 'chat_mark_read', text: MARK_READ_SQL, args: [JSON.stringify(input)] }),
      finish(rows: readonly ReadRow[]): Array<ReadResult | undefined> {
        const moved = new Map<string, ReadResult>();
        for (const row of rows) {
          const room: RoomUnread = {
            id: Number(row.id),
            memberA: Number(row.member_a),
            memberB: Number(row.member_b),
            aUnread: Number(row.a_unread),
            bUnread: Number(row.b_unread),
          };
          if (row.a_read !== null) moved.set(`${room.id}:${room.memberA}`, { lastReadMessageId: String(row.a_read), room });
          if (row.b_read !== null) moved.set(`${room.id}:${room.memberB}`, { lastReadMessageId: String(row.b_read), room });
        }
        const answers: Array<ReadResult | undefined> = new Array(reads.length);
        // The last read of a (room, member) in the batch answers; earlier ones moved nothing of their own.
        for (let i = reads.length - 1; i >= 0; i--) {
          const key = `${reads[i]!.roomId}:${reads[i]!.memberId}`;
          answers[i] = moved.get(key);
          moved.delete(key);
        }
        return answers;
      },
    };
  }

  return {
    /** Every statement runs on the one thread that also commits (PGlite), not beside the commits (PostgreSQL). */
    oneThread: statements.oneThread,

    async room(roomId: number): Promise<RoomReadState | undefined> {
      // Every history read and first SEND per room: prepared (server/db/prepared.ts).
      const rows = await preparedRows<RoomReadState>(
        db,
        sql`select r.id, r.member_a as "memberA", r.member_b as "memberB", r.a_left as "aLeft", r.b_left as "bLeft",
                   ${sql.raw(blockedIn('r'))} as blocked, r.a_read_id::text as "aReadId", r.b_read_id::text as "bReadId"
              from chat_rooms r
             where r.id = ${roomId}
             limit 1`,
      );
      return rows[0];
    },

    async friend(memberId: number) {
      const rows = await db
        .select({
          id: members.id,
          membername: members.membername,
          accountName: members.accountName,
          department: departments.name,
        })
        .from(members)
        .leftJoin(departments, eq(departments.id, members.departmentId))
        .where(eq(members.id, memberId))
        .limit(1);
      return rows[0];
    },

    async blockedBetween(a: number, b: number): Promise<boolean> {
      const rows = await rowsOf<{ n: number }>(
        db,
        sql`select 1 as n from blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}) limit 1`,
      );
      return rows.length > 0;
    },

    async hasAcceptedMatch(a: number, b: number): Promise<boolean> {
      const rows = await db
        .select({ id: matches.id })
        .from(matches)
        .where(
          and(
            eq(matches.status, 'ACCEPTED'),
            // Same expressions as the matches_pair index, so the lookup is one index probe.
            sql`least(${matches.requesterId}, ${matches.targetId}) = ${Math.min(a, b)}`,
            sql`greatest(${matches.requesterId}, ${matches.targetId}) = ${Math.max(a, b)}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The pair's room, created or re-opened for both in one statement (concurrent opens agree). */
    async openRoom(starterId: number, friendId: number): Promise<{ id: number; starterId: number }> {
      const rows = await db
        .insert(chatRooms)
        .values({ memberA: Math.min(starterId, friendId), memberB: Math.max(starterId, friendId), starterId })
        .onConflictDoUpdate({ target: [chatRooms.memberA, chatRooms.memberB], set: { aLeft: false, bLeft: false } })
        .returning({ id: chatRooms.id, starterId: chatRooms.starterId });
      return rows[0]!;
    },

    /**
     * Marks the member as gone; the row lock makes two concurrent leaves see each other, so exactly
     * one of them finds both flags set and deletes the room (messages cascade).
     */
    async leave(roomId: number, memberId: number): Promise<'left' | 'deleted' | 'not-participant'> {
      const rows = await db
        .update(chatRooms)
        .set({
          aLeft: sql`${chatRooms.aLeft} or ${chatRooms.memberA} = ${memberId}`,
          bLeft: sql`${chatRooms.bLeft} or ${chatRooms.memberB} = ${memberId}`,
        })
        .where(and(eq(chatRooms.id, roomId), sql`(${chatRooms.memberA} = ${memberId} or ${chatRooms.memberB} = ${memberId})`))
        .returning({ aLeft: chatRooms.aLeft, bLeft: chatRooms.bLeft });
      const row = rows[0];
      if (!row) return 'not-participant';
      if (!(row.aLeft && row.bLeft)) return 'left';
      // Re-checked in the delete: a re-open in between keeps the room.
      await db.delete(chatRooms).where(and(eq(chatRooms.id, roomId), eq(chatRooms.aLeft, true), eq(chatRooms.bLeft, true)));
      return 'deleted';
    },

    async countRooms(memberId: number): Promise<number> {
      const rows = await preparedRows<{ n: number }>(db, sql`select count(*)::int as n from chat_rooms r where ${visibleTo(memberId)}`);
      return Number(rows[0]?.n ?? 0);
    },

    async listRooms(memberId: number, limit: number, offset: number): Promise<ListedRoom[]> {
      const rows = await preparedRows<{
        room_id: number;
        friend_id: number;
        friend_name: string;
        friend_department: string;
        friend_image_url: string | null;
        last_message: string | null;
        last_ms: number | null;
        unread: number;
      }>(
        db,
        sql`
          select r.id as room_id, f.id as friend_id,
                 coalesce(f.membername, f.account_name) as friend_name,
                 coalesce(d.name, '') as friend_department,
                 f.profile_image_url as friend_image_url,
                 lm.content as last_message, ${createdMs(sql`lm.created_at`)} as last_ms,
                 case when r.member_a = ${memberId} then r.a_unread else r.b_unread end as unread
            from chat_rooms r
            join members f on f.id = case when r.member_a = ${memberId} then r.member_b else r.member_a end
            left join departments d on d.id = f.department_id
            left join lateral (
              select m.content, m.created_at from chat_messages m where m.room_id = r.id order by m.id desc limit 1
            ) lm on true
           where ${visibleTo(memberId)}
           order by coalesce(r.last_message_at, r.created_at) desc, r.id desc
           limit ${limit} offset ${offset}`,
      );
      return rows.map((r) => ({
        roomId: Number(r.room_id),
        friendId: Number(r.friend_id),
        friendName: r.friend_name,
        friendDepartment: r.friend_department,
        friendImageUrl: r.friend_image_url,
        lastMessage: r.last_message,
        lastMessageMs: r.last_ms === null ? null : Number(r.last_ms),
        unreadCount: Number(r.unread),
      }));
    },

    /**
     * Newest first, keyset on id: pages never shift when new messages arrive. Ordered by `m.id`:
     * a bare `id` would mean the text alias of the select list and sort "9" after "25".
     */
    async messages(roomId: number, beforeId: string | undefined, limit: number): Promise<MessageRow[]> {
      const rows = await preparedRows<RawMessage>(
        db,
        sql`select id::text as id, room_id, sender_id, content, client_message_id, ${createdMs(sql`created_at`)} as created_ms
              from chat_messages m
             where m.room_id = ${roomId} ${beforeId === undefined ? sql`` : sql`and m.id < ${beforeId}::bigint`}
             order by m.id desc
             limit ${limit}`,
      );
      return rows.map(toRow);
    },

    /** One read; see markReadBatch. */
    async markRead(roomId: number, memberId: number, upTo?: string): Promise<string | undefined> {
      return (await this.markReadBatch([{ roomId, memberId, upTo }]))[0]?.lastReadMessageId;
    },

    /**
     * Moves each member's read position forward to the friend's newest message at or below `upTo`
     * (default: the friend's newest), never back, for a batch of reads in one statement (one
     * commit: a read is as frequent as a message, and on PGlite each commit is an fsync on the
     * event loop). The position is always a message of the friend's, so reading one's own
     * messages announces nothing. Answers each read with the new position and the room's unread
     * counters after the statement, or undefined when it did not move (nothing new, not a participant, already there, or a later read of the same
     * member in the same room in this batch carries the answer).
     */
    async markReadBatch(reads: readonly ReadRequest[]): Promise<Array<ReadResult | undefined>> {
      const statement = readStatement(reads);
      return statement.finish(await retryOnDeadlock(() => statements.run<ReadRow>(statement.name, statement.text, statement.args)));
    },

    /**
     * Each member's unread messages over all their rooms (left, blocked and suspended-friend rooms
     * excluded, as in the list): GET /api/chatrooms/unread. The same statement as `event:room`'s.
     */
    async unreadTotals(memberIds: readonly number[]): Promise<Map<number, number>> {
      const { unread } = await this.roomEvents([], memberIds, []);
      return new Map([...unread].map(([memberId, rooms]) => [memberId, sumOf(rooms)]));
    },

    /**
     * The member's rooms whose friend is still in them, with no block between the two: the rooms
     * that stop or start counting towards that friend's unread total when the member is suspended
     * or reinstated (section 16). A friend who left, or a blocked pair, does not see the room either way.
     */
    async friendsInRoomsOf(memberId: number): Promise<Array<{ roomId: number; friendId: number }>> {
      const rows = await rowsOf<{ room_id: number; friend_id: number }>(
        db,
        sql`select r.id as room_id, case when r.member_a = ${memberId} then r.member_b else r.member_a end as friend_id
              from chat_rooms r
             where ((r.member_a = ${memberId} and not r.b_left) or (r.member_b = ${memberId} and not r.a_left))
               and not ${sql.raw(blockedIn('r'))}`,
      );
      return rows.map((r) => ({ roomId: Number(r.room_id), friendId: Number(r.friend_id) }));
    },

    /**
     * What `event:room` tells (contract section 17): each room's last message and both members'
     * unread counts, and for each member concerned their unread count in every room that counts
     * towards their total, in one prepared statement (one snapshot, so a total never lags behind
     * the room counts sent with it). As two ad-hoc statements, one with an IN list per member, it
     * was a quarter of PGlite's thread in bench/chat.ts.
     */
    async roomEvents(
      roomIds: readonly number[],
      memberIds: readonly number[],
      bothOf: readonly number[],
    ): Promise<{ rooms: RoomSummary[]; unread: Map<number, Map<number, number>> }> {
      if (roomIds.length === 0 && memberIds.length === 0 && bothOf.length === 0) return { rooms: [], unread: new Map() };
      const rows = await statements.run<{
        kind: 'room' | 'member' | 'unread';
        id: number;
        member_a: number | null;
        member_b: number | null;
        a_left: boolean | null;
        b_left: boolean | null;
        last_message: string | null;
        last_ms: number | null;
        a_unread: number | null;
        b_unread: number | null;
      }>('chat_room_events', ROOM_EVENTS_SQL, [intArray(roomIds), intArray(memberIds), intArray(bothOf)]);
      const rooms: RoomSummary[] = [];
      const unread = new Map<number, Map<number, number>>();
      for (const r of rows) {
        // A member's row and their rooms' rows may come in any order.
        const of = (memberId: number) => unread.get(memberId) ?? unread.set(memberId, new Map()).get(memberId)!;
        if (r.kind === 'member') of(Number(r.id));
        else if (r.kind === 'unread') of(Number(r.id)).set(Number(r.member_a), Number(r.a_unread));
        else
          rooms.push({
            id: Number(r.id),
            memberA: Number(r.member_a),
            memberB: Number(r.member_b),
            aLeft: Boolean(r.a_left),
            bLeft: Boolean(r.b_left),
            lastMessage: r.last_message,
            lastMessageMs: r.last_ms === null ? null : Number(r.last_ms),
            aUnread: Number(r.a_unread),
            bUnread: Number(r.b_unread),
          });
      }
      return { rooms, unread };
    },

    /** One message; see storeBatch. */
    async store(roomId: number, senderId: number, content: string, clientMessageId: string | null): Promise<StoreResult> {
      return (await this.storeBatch([{ roomId, senderId, content, clientMessageId }]))[0]!;
    },

    /**
     * Stores messages in order, in one statement, and says for each what happened: stored (new
     * row), duplicate (the row stored earlier under the same sender and client id, not to be
     * broadcast again) or forbidden (the sender is not, or no longer, in the room).
     */
    async storeBatch(requests: readonly StoreRequest[]): Promise<StoreResult[]> {
      const statement = storeStatement(requests);
      try {
        return statement.finish(await retryOnDeadlock(() => statements.run<BatchRow>(statement.name, statement.text, statement.args)));
      } catch (err) {
        if ((err as { code?: string }).code !== STORE_DUPLICATE) throw err;
        // STORE_ONE_SQL met a stored copy and kept nothing: the batch statement answers 'duplicate'.
        const { batch } = statement;
        return statement.finish(await retryOnDeadlock(() => statements.run<BatchRow>(batch.name, batch.text, batch.args)));
      }
    },

    /**
     * A group commit's sends and reads (writer.ts), in one statement when it has both
     * (STORE_AND_READ_SQL; for one read outside the messages' rooms, the lean STORE_ONE_AND_READ_SQL
     * or STORE_BATCH_AND_READ_ONE_SQL): reads are as frequent as messages (bench/load.ts: ~1.3 reads a message),
     * and as two statements each batch had two commits, on PostgreSQL two WAL flushes one after
     * the other. If that statement fails for what it did (the database refused it, so nothing of
     * it was kept), the messages are stored alone, told (`onStored`), then the reads: a read the
     * database refuses must not refuse the messages batched with it. A failure that leaves the
     * outcome unknown (the connection lost) is not repeated: a message without a client id would be
     * stored twice.
     */
    async commitBatch(
      stores: readonly StoreRequest[],
      reads: readonly ReadRequest[],
      /** Told the stores' results as soon as they are committed, when that is before the reads' (after a refused statement). */
      onStored?: (stored: StoreResult[]) => void,
    ): Promise<{ stored: StoreResult[]; read: Array<ReadResult | undefined> }> {
      if (reads.length === 0) return { stored: await this.storeBatch(stores), read: [] };
      if (stores.length === 0) return { stored: [], read: await this.markReadBatch(reads) };
      const store = storeStatement(stores);
      const read = readStatement(reads);
      // One read, in a room none of the messages is in: what most joint batches are (decision 0043).
      const oneRead = read.only && !store.input.some((m) => m.r === read.only!.r) ? read.only : undefined;
      const joint = !oneRead
        ? { name: 'chat_store_read', text: STORE_AND_READ_SQL, args: [JSON.stringify(store.input), JSON.stringify(read.input)] }
        : store.only
          ? { name: 'chat_store_one_read_one', text: STORE_ONE_AND_READ_SQL, args: [...store.args, ...read.args] }
          : { name: 'chat_store_batch_read_one', text: STORE_BATCH_AND_READ_ONE_SQL, args: [JSON.stringify(store.input), ...read.args] };
      let rows: JointRow[];
      try {
        rows = await retryOnDeadlock(() => statements.run<JointRow>(joint.name, joint.text, joint.args));
      } catch (err) {
        if (!refused(err)) throw err;
        const stored = await this.storeBatch(stores);
        onStored?.(stored);
        return { stored, read: await this.markReadBatch(reads) };
      }
      const readRows: ReadRow[] = [];
      const storeRows: BatchRow[] = [];
      for (const row of rows) {
        if (row.kind === 'read') readRows.push({ ...row, id: row.room_id });
        else storeRows.push(row);
      }
      return { stored: await store.finish(storeRows), read: read.finish(readRows) };
    },
  };
}

export type ChatRepo = ReturnType<typeof chatRepo>;
