import { sql, type SQL } from 'drizzle-orm';
import type { ComplimentCode, Meetup, MeetupStatus } from '../../../contract/meetups';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';

type Executor = Pick<Db, 'execute'>;

// Times leave the database as epoch ms so both drivers return the same JS types.
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export interface MatchForMeetup {
  id: number;
  requester_id: number;
  target_id: number;
  status: string;
}

/** The match row, locked for the transaction when `lock` (serialises proposals of one pair). */
export async function matchRow(db: Executor, matchId: number, lock = false): Promise<MatchForMeetup | undefined> {
  const [row] = await rowsOf<MatchForMeetup>(
    db,
    sql`select id, requester_id, target_id, status from matches where id = ${matchId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/**
 * Section 15: a block between the two, either way (the blocks primary key and blocks_blocked
 * probes). While it lasts the pair's meetups are gone for both, as their chat room is.
 */
const blockedPair = (a: SQL, b: SQL) =>
  sql`exists (select 1 from blocks bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;

/**
 * A fresh statement, so it sees a block committed while the caller waited for a row lock
 * (READ COMMITTED: each statement takes a new snapshot).
 */
export async function blockedBetween(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(db, sql`select 1 as n where ${blockedPair(sql`${a}::int`, sql`${b}::int`)}`);
  return rows.length > 0;
}

/**
 * Section 15: inside the block's transaction, cancels the pair's open meetups (what the upcoming
 * list shows: PROPOSED or CONFIRMED, not yet ended) and returns their ids. The pair's match row is
 * locked first, as a proposal locks it: a proposal in flight commits before the update reads, and
 * one that comes later waits for the block's commit and then sees the block.
 */
export async function cancelOpenMeetupsOfPair(tx: Executor, a: number, b: number): Promise<number[]> {
  // matches_pair's expressions: one index probe (a pair has at most one match).
  const [match] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from matches where least(requester_id, target_id) = ${Math.min(a, b)} and greatest(requester_id, target_id) = ${Math.max(a, b)} for update`,
  );
  if (!match) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update meetups set status = 'CANCELLED', sequence = sequence + 1, updated_at = now()
         where match_id = ${Number(match.id)} and status in ('PROPOSED','CONFIRMED') and ends_at > now()
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Section 16 (extension): inside a suspension's transaction, cancels every open meetup of the
 * member (PROPOSED or CONFIRMED, not yet ended) and answers each with its partner and whether a
 * block stands between the two (such a meetup is hidden from the partner, who is then not told).
 * The member's accepted matches are locked first, as a proposal locks its match: a proposal in
 * flight commits before the update reads, and one that comes later waits for the suspension's
 * commit and then finds the member DISABLED (see `isDisabled`).
 */
export async function cancelOpenMeetupsOfMember(tx: Executor, memberId: number): Promise<{ id: number; partnerId: number; blocked: boolean }[]> {
  await tx.execute(sql`select id from matches where (requester_id = ${memberId} or target_id = ${memberId}) and status = 'ACCEPTED' order by id for update`);
  const rows = await rowsOf<{ id: number; partner_id: number; blocked: boolean }>(
    tx,
    sql`update meetups m set status = 'CANCELLED', sequence = sequence + 1, updated_at = now()
         where (m.proposer_id = ${memberId} or m.partner_id = ${memberId}) and m.status in ('PROPOSED','CONFIRMED') and m.ends_at > now()
        returning m.id, case when m.proposer_id = ${memberId} then m.partner_id else m.proposer_id end as partner_id,
                  ${blockedPair(sql`m.proposer_id`, sql`m.partner_id`)} as blocked`,
  );
  return rows.map((r) => ({ id: Number(r.id), partnerId: Number(r.partner_id), blocked: r.blocked }));
}

/**
 * Section 16 (extension), at boot: the suspended members who still have an open meetup (PROPOSED or
 * CONFIRMED, not yet ended), as a server from before `cancelOpenMeetupsOfMember` left them. From
 * the open meetups (the meetups_one_open partial index holds just those) to their two members.
 */
export async function suspendedMembersWithOpenMeetups(db: Executor): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct d.id from meetups m join members d on d.id in (m.proposer_id, m.partner_id)
         where m.status in ('PROPOSED','CONFIRMED') and m.ends_at > now() and d.status = 'DISABLED'
         order by d.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Still suspended, with the member row share-locked until the transaction ends: 정지 해제 (an
 * update of that row) waits, so a repair never cancels the meetups of someone reinstated meanwhile.
 */
export async function lockSuspended(tx: Executor, memberId: number): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(tx, sql`select 1 as n from members where id = ${memberId} and status = 'DISABLED' for share`);
  return rows.length > 0;
}

/**
 * A fresh statement after the match's row lock: a member suspended (section 16) while a proposal
 * waited for that lock is no one to meet.
 */
export async function isDisabled(db: Executor, memberId: number): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(db, sql`select 1 as n from members where id = ${memberId} and status = 'DISABLED'`);
  return rows.length > 0;
}

export interface MeetupRow {
  id: number;
  match_id: number;
  proposer_id: number;
  partner_id: number;
  starts_ms: number;
  ends_ms: number;
  place: string;
  status: MeetupStatus;
  sequence: number;
  created_ms: number;
  updated_ms: number;
}

const MEETUP_COLUMNS = sql`m.id, m.match_id, m.proposer_id, m.partner_id, ${ms(sql`m.starts_at`)} as starts_ms, ${ms(sql`m.ends_at`)} as ends_ms,
  m.place, m.status, m.sequence, ${ms(sql`m.created_at`)} as created_ms, ${ms(sql`m.updated_at`)} as updated_ms`;

/** The meetup row, locked for the transaction when `lock`. */
export async function meetupRow(db: Executor, id: number, lock = false): Promise<MeetupRow | undefined> {
  const [row] = await rowsOf<MeetupRow>(db, sql`select ${MEETUP_COLUMNS} from meetups m where m.id = ${id} ${lock ? sql`for update` : sql``}`);
  return row;
}

/** The match's open (PROPOSED or CONFIRMED) meetup, if any: there is at most one (meetups_one_open). */
export async function openMeetupOf(db: Executor, matchId: number): Promise<{ proposer_id: number; status: MeetupStatus } | undefined> {
  const [row] = await rowsOf<{ proposer_id: number; status: MeetupStatus }>(
    db,
    sql`select proposer_id, status from meetups where match_id = ${matchId} and status in ('PROPOSED','CONFIRMED') limit 1`,
  );
  return row;
}

export async function insertMeetup(
  tx: Executor,
  values: { matchId: number; proposerId: number; partnerId: number; startsMs: number; endsMs: number; place: string },
): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into meetups (match_id, proposer_id, partner_id, starts_at, ends_at, place)
        values (${values.matchId}, ${values.proposerId}, ${values.partnerId}, ${new Date(values.startsMs).toISOString()}::timestamptz,
                ${new Date(values.endsMs).toISOString()}::timestamptz, ${values.place})
        returning id`,
  );
  return Number(row!.id);
}

/** A state change a calendar should see: SEQUENCE goes up with it (RFC 5545 3.8.7.4). */
export async function setStatus(tx: Executor, id: number, status: MeetupStatus): Promise<void> {
  await tx.execute(sql`update meetups set status = ${status}, sequence = sequence + 1, updated_at = now() where id = ${id}`);
}

export async function memberName(db: Executor, id: number): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(db, sql`select coalesce(membername, account_name) as name from members where id = ${id}`);
  return row?.name ?? '';
}

/** The pair's chat room, created (or re-opened for both) as POST /api/chatrooms would: the card of a proposal shows there. */
export async function openPairRoom(tx: Executor, starterId: number, friendId: number): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into chat_rooms (member_a, member_b, starter_id) values (${Math.min(starterId, friendId)}, ${Math.max(starterId, friendId)}, ${starterId})
        on conflict (member_a, member_b) do update set a_left = false, b_left = false
        returning id`,
  );
  return Number(row!.id);
}

export async function pairRoom(db: Executor, a: number, b: number): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from chat_rooms where member_a = ${Math.min(a, b)} and member_b = ${Math.max(a, b)}`);
  return row ? Number(row.id) : null;
}

interface ListedRow extends MeetupRow {
  partner_member_id: number;
  partner_name: string | null;
  room_id: number | null;
  checkin_met: boolean | null;
  checkin_compliments: ComplimentCode[] | null;
  checkin_due: boolean;
}

/**
 * For `listMeetups`: the lunch took place as far as the rules know at `at` (CONFIRMED and over, or
 * DONE) and the caller (`c`, their check-in) has not answered "만났나요?" yet (decision 0061).
 */
export const checkinDue = (at: string) => sql`(m.status = 'DONE' or (m.status = 'CONFIRMED' and m.ends_at <= ${at}::timestamptz)) and c.meetup_id is null`;

/**
 * For `listMeetups`' where: the other member (`p`) is not suspended. The upcoming list never shows
 * a lunch with someone who cannot come, even one a suspension failed to cancel (section 16).
 */
export const partnerNotSuspended = sql`p.status <> 'DISABLED'`;

/** The caller's meetups with what the contract's Meetup shape needs, in one statement; `at` is the rules' now. */
export async function listMeetups(db: Executor, callerId: number, at: string, where: SQL, order: SQL, limit = 100): Promise<Meetup[]> {
  const rows = await rowsOf<ListedRow>(
    db,
    sql`select ${MEETUP_COLUMNS}, p.id as partner_member_id, coalesce(p.membername, p.account_name) as partner_name, r.id as room_id,
               c.met as checkin_met, c.compliments as checkin_compliments, ${checkinDue(at)} as checkin_due
          from meetups m
          join members p on p.id = case when m.proposer_id = ${callerId} then m.partner_id else m.proposer_id end
          left join chat_rooms r on r.member_a = least(m.proposer_id, m.partner_id) and r.member_b = greatest(m.proposer_id, m.partner_id)
          left join meetup_checkins c on c.meetup_id = m.id and c.member_id = ${callerId}
         where (m.proposer_id = ${callerId} or m.partner_id = ${callerId}) and not ${blockedPair(sql`m.proposer_id`, sql`m.partner_id`)} and ${where}
         order by ${order}
         limit ${limit}`,
  );
  return rows.map((r) => ({
    meetupId: Number(r.id),
    matchId: Number(r.match_id),
    proposerId: Number(r.proposer_id),
    partnerId: Number(r.partner_id),
    startsAt: new Date(Number(r.starts_ms)).toISOString(),
    endsAt: new Date(Number(r.ends_ms)).toISOString(),
    place: r.place,
    status: r.status,
    createdAt: new Date(Number(r.created_ms)).toISOString(),
    myCheckin: r.checkin_met === null ? null : { met: r.checkin_met, compliments: r.checkin_compliments ?? [] },
    myCheckinDue: r.checkin_due === true,
    partner: { id: Number(r.partner_member_id), memberName: r.partner_name ?? '' },
    chatRoomId: r.room_id === null ? null : Number(r.room_id),
  }));
}

/** Inserts the caller's check-in; false when there already is one (a second check-in). */
export async function insertCheckin(tx: Executor, meetupId: number, memberId: number, aboutId: number, met: boolean, compliments: string[]): Promise<boolean> {
  const rows = await rowsOf<{ ok: number }>(
    tx,
    sql`insert into meetup_checkins (meetup_id, member_id, about_id, met, compliments)
        values (${meetupId}, ${memberId}, ${aboutId}, ${met}, ${`{${compliments.join(',')}}`}::text[])
        on conflict do nothing returning 1 as ok`,
  );
  return rows.length > 0;
}

export async function checkinsOf(db: Executor, meetupId: number): Promise<{ member_id: number; met: boolean }[]> {
  return rowsOf(db, sql`select member_id, met from meetup_checkins where meetup_id = ${meetupId}`);
}

/** Received compliments of a member, counted per code. */
export async function complimentCounts(db: Executor, memberId: number): Promise<{ code: string; n: number }[]> {
  return rowsOf(
    db,
    sql`select code, count(*)::int as n from meetup_checkins c, unnest(c.compliments) as code
         where c.about_id = ${memberId} and c.met group by code`,
  );
}

/** The member as the caller may see them: `blocked` when a block stands between the two (section 15). */
export async function memberUniversity(
  db: Executor,
  callerId: number,
  id: number,
): Promise<{ university_id: number; status: string; blocked: boolean } | undefined> {
  const [row] = await rowsOf<{ university_id: number; status: string; blocked: boolean }>(
    db,
    sql`select university_id, status, ${blockedPair(sql`${callerId}::int`, sql`members.id`)} as blocked from members where id = ${id}`,
  );
  return row;
}

export interface SuggestionInputs {
  requester_id: number;
  target_id: number;
  status: string;
  blocked: boolean;
  requester_mask: string;
  target_mask: string;
  places: string[] | null;
}

/** Everything the suggestions need in one statement: the match, both timetables, the campus's places. */
export async function suggestionInputs(db: Executor, matchId: number, universityId: number): Promise<SuggestionInputs | undefined> {
  const [row] = await rowsOf<SuggestionInputs>(
    db,
    sql`select mt.requester_id, mt.target_id, mt.status, ${blockedPair(sql`mt.requester_id`, sql`mt.target_id`)} as blocked,
               r.time_mask::text as requester_mask, t.time_mask::text as target_mask,
               (select array_agg(p.name order by p.position, p.id) from campus_places p where p.university_id = ${universityId}) as places
          from matches mt join members r on r.id = mt.requester_id join members t on t.id = mt.target_id
         where mt.id = ${matchId}`,
  );
  return row;
}
