import { sql } from 'drizzle-orm';
import {
  COMPLIMENT_CODES,
  MEETUP_DEFAULT_MINUTES,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MAX_MINUTES,
  type ComplimentCounts,
  type Meetup,
  type MeetupCheckinBody,
  type MeetupScope,
  type MeetupSuggestion,
} from '../../../contract/meetups';
import { cancelledWithContent, NOTIFICATION_PUSH, notificationContent, type NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { insertNotification } from '../../db/notifications';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/sql';
import { AppError } from '../../lib/http';
import type { Scheduler, Tx } from '../../lib/scheduler';
import type { PushService } from '../../lib/push';
import * as repo from './repo';
import { suggestMeetupSlots } from './suggest';

interface Caller {
  id: number;
  universityId: number;
}

export interface MeetupsServiceOptions {
  push: PushService;
  scheduler: Scheduler;
  /** MEETUP_REMINDERS, in ms before `startsAt`. */
  reminderOffsetsMs: number[];
  /** Wall clock for the request rules (tests may shift it); the scheduler uses the database's own. */
  now?: () => number;
  /** After a proposal committed: the pair's room was created or re-opened for both (their chat lists change). */
  onRoomOpened?(roomId: number): void;
}

/** Shown when a campus has no place left (an operator emptied the list): suggestions are never without one. */
const FALLBACK_PLACE = '학생식당';

const JOB_REMINDER = 'meetup.reminder';
const JOB_CHECKIN = 'meetup.checkin';
/** Every job of a meetup starts with this key, so a cancel removes them all with one prefix. */
const jobKey = (meetupId: number) => `meetup:${meetupId}:`;

const conflict = (message: string) => new AppError('MEETUP_409', { _: message }, message);

/**
 * Section 15: while a block stands between the two, their match and meetups answer as ones that do
 * not exist (404 MEETUP_404), to both members alike. It is what the rest of the pair's resources
 * do: the match and the chat room are gone from both lists and member detail is 404 USER_404. A 403
 * would claim the caller is not a member of the meetup, and the 409 of its cancelled state would
 * tell the blocked member it was cancelled although nobody cancelled it.
 */
const notFoundWhileBlocked = () => new AppError('MEETUP_404');
/**
 * 409 for a proposal while the match has an open meetup. When it is the partner's proposal (the
 * two proposed at about the same time), the message says so and where to look, as the PWA's
 * 약속 잡기 sheet does once its refetched list shows that proposal.
 */
const openMeetupConflict = (caller: Caller, open: { proposer_id: number; status: string } | undefined) =>
  open?.status === 'PROPOSED' && Number(open.proposer_id) !== caller.id
    ? conflict('상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.')
    : conflict('이미 진행 중인 약속이 있어요.');
const badTime = (field: string, message: string) => new AppError('COMMON400', { [field]: message });

/**
 * Section 15: called inside the block's transaction (app.ts hands it to the safety module). The
 * pair's open meetups are cancelled and their reminders and check-in removed with them. Silently:
 * no MEETUP_CANCELLED either way, since the blocked member is never told.
 */
export async function cancelMeetupsOfBlockedPair(tx: Pick<Db, 'execute'>, scheduler: Scheduler, a: number, b: number): Promise<void> {
  for (const id of await repo.cancelOpenMeetupsOfPair(tx, a, b)) await scheduler.cancel(jobKey(id), tx);
}

/**
 * Section 16 (extension): called inside a suspension's transaction (app.ts hands it to the admin
 * module). Every open meetup of the suspended member is cancelled with its reminders and check-in,
 * and each partner gets MEETUP_CANCELLED in the same transaction, in words that say what became of
 * the lunch and not why; a partner with a block between the two is not told (the meetup is hidden
 * from them). Answers the pushes (and through them the live event:notification) to send once the
 * suspension committed. The suspended member is told nothing: they can no longer sign in.
 */
export async function cancelMeetupsOfSuspendedMember(tx: Tx, scheduler: Scheduler, push: PushService, memberId: number): Promise<() => void> {
  return (await closeMeetupsOf(tx, scheduler, push, memberId)).afterCommit;
}

interface Closed {
  cancelled: number;
  afterCommit: () => void;
}

/** `cancelMeetupsOfSuspendedMember`, also answering how many meetups it cancelled. */
async function closeMeetupsOf(tx: Tx, scheduler: Scheduler, push: PushService, memberId: number): Promise<Closed> {
  const cancelled = await repo.cancelOpenMeetupsOfMember(tx, memberId);
  if (cancelled.length === 0) return { cancelled: 0, afterCommit: () => undefined };
  const name = await repo.memberName(tx, memberId);
  const content = cancelledWithContent(name);
  const told = new Set<number>();
  for (const meetup of cancelled) {
    await scheduler.cancel(jobKey(meetup.id), tx);
    // One word per partner, however many of their meetups with the member went (a match has one open at a time).
    if (meetup.blocked || told.has(meetup.partnerId)) continue;
    told.add(meetup.partnerId);
    await insertNotification(tx, meetup.partnerId, memberId, 'MEETUP_CANCELLED', name, content);
  }
  // The meetups page, not the pair's room: the suspension took the room from the partner's list.
  const { title, url } = NOTIFICATION_PUSH.MEETUP_CANCELLED;
  const afterCommit = () => {
    for (const partnerId of told) void push.notifyPush(partnerId, { type: 'MEETUP_CANCELLED', title, body: content, senderId: memberId, url });
  };
  return { cancelled: cancelled.length, afterCommit };
}

/**
 * Section 16 (extension), at every boot: the open meetups a suspension from before
 * `cancelMeetupsOfSuspendedMember` left open are cancelled as a suspension now does it, one member
 * per transaction, and each partner is told once (decision 0051). Safe with other instances
 * booting or running at once: the update only takes meetups still open, so a second run finds
 * none and tells nobody. A member reinstated meanwhile keeps their meetups. Answers how many
 * meetups it cancelled.
 */
export async function repairMeetupsOfSuspendedMembers(db: Db, scheduler: Scheduler, push: PushService): Promise<number> {
  let total = 0;
  for (const memberId of await repo.suspendedMembersWithOpenMeetups(db)) {
    const { cancelled, afterCommit } = await db.transaction(async (tx): Promise<Closed> =>
      (await repo.lockSuspended(tx, memberId)) ? closeMeetupsOf(tx, scheduler, push, memberId) : { cancelled: 0, afterCommit: () => undefined },
    );
    total += cancelled;
    afterCommit();
  }
  return total;
}

export function meetupsService(db: Db, options: MeetupsServiceOptions) {
  const now = options.now ?? Date.now;
  const { push, scheduler } = options;

  /**
   * After the commit: the push opens the pair's chat room (the meetups page when there is none);
   * "만났나요?" opens the meetups page with that meetup's check-in sheet.
   */
  function sendPush(recipientId: number, senderId: number, type: NotificationType, senderName: string, roomId: number | null, meetupId?: number) {
    const url =
      type === 'MEETUP_CHECKIN' && meetupId !== undefined
        ? `/meetups?checkin=${meetupId}`
        : roomId === null
          ? NOTIFICATION_PUSH[type].url
          : `/chatting/${roomId}`;
    void push.notifyPush(recipientId, { type, title: NOTIFICATION_PUSH[type].title, body: notificationContent(type, senderName), senderId, url });
  }

  /** 404 unknown, 403 not one of its two members, 404 a meetup of a blocked pair (see notFoundWhileBlocked). */
  async function ownMeetup(tx: Pick<Db, 'execute'>, caller: Caller, id: number, lock: boolean): Promise<repo.MeetupRow> {
    const row = await repo.meetupRow(tx, id, lock);
    if (!row) throw new AppError('MEETUP_404');
    if (Number(row.proposer_id) !== caller.id && Number(row.partner_id) !== caller.id) throw new AppError('MEETUP_403');
    // Checked after the row lock, in a statement of its own: a block that committed while this
    // waited (and cancelled the meetup) answers 404, not the 409 of the cancelled state.
    if (await repo.blockedBetween(tx, Number(row.proposer_id), Number(row.partner_id))) throw notFoundWhileBlocked();
    return row;
  }

  /** The caller's accepted match: 404 unknown, 403 someone else's, 404 of a blocked pair, 409 not (yet) accepted. */
  async function ownMatch(tx: Pick<Db, 'execute'>, caller: Caller, matchId: number, lock: boolean) {
    const match = await repo.matchRow(tx, matchId, lock);
    if (!match) throw new AppError('MEETUP_404');
    const requester = Number(match.requester_id);
    const target = Number(match.target_id);
    if (requester !== caller.id && target !== caller.id) throw new AppError('MEETUP_403');
    if (await repo.blockedBetween(tx, requester, target)) throw notFoundWhileBlocked();
    // A suspended partner (section 16): the match is gone from the caller's lists, as after a block.
    if (await repo.isDisabled(tx, requester === caller.id ? target : requester)) throw notFoundWhileBlocked();
    if (match.status !== 'ACCEPTED') throw conflict('수락된 런치챗에서만 약속을 잡을 수 있어요.');
    return { partnerId: requester === caller.id ? target : requester };
  }

  async function one(caller: Caller, id: number): Promise<Meetup> {
    const [meetup] = await repo.listMeetups(db, caller.id, new Date(now()).toISOString(), sql`m.id = ${id}`, sql`m.id`, 1);
    // A block that committed right after the action hides the meetup from both (section 15).
    if (!meetup) throw notFoundWhileBlocked();
    return meetup;
  }

  /** Reminders at each offset before the start and the check-in at the end, in the confirming transaction. */
  async function scheduleJobs(tx: Tx, meetupId: number, startsMs: number, endsMs: number) {
    const at = now();
    for (const offset of options.reminderOffsetsMs) {
      // A reminder whose time is already past when the meetup is confirmed would only repeat "곧 시작돼요".
      if (startsMs - offset <= at) continue;
      await scheduler.schedule(JOB_REMINDER, new Date(startsMs - offset), { meetupId, offsetMs: offset }, `${jobKey(meetupId)}reminder:${offset}`, tx);
    }
    await scheduler.schedule(JOB_CHECKIN, new Date(endsMs), { meetupId }, `${jobKey(meetupId)}checkin`, tx);
  }

  // ---- jobs: run inside the scheduler's transaction; pushes go out after its commit ----

  // A block cancels the pair's open meetups and their jobs (cancelMeetupsOfBlockedPair), and so does
  // a suspension (cancelMeetupsOfSuspendedMember); the checks still stand for a meetup neither
  // cancelled (already ended, or left open by a server from before the rule).
  const blocked = async (tx: Tx, row: repo.MeetupRow) =>
    (await repo.blockedBetween(tx, Number(row.proposer_id), Number(row.partner_id))) ||
    (await repo.isDisabled(tx, Number(row.proposer_id))) ||
    (await repo.isDisabled(tx, Number(row.partner_id)));

  scheduler.handle<{ meetupId: number; offsetMs: number }>(JOB_REMINDER, async (job, tx) => {
    const row = await repo.meetupRow(tx, job.payload.meetupId);
    // Still meaningful only for a confirmed meetup that has not started (e.g. after downtime).
    if (!row || row.status !== 'CONFIRMED' || Number(row.starts_ms) <= Date.now() || (await blocked(tx, row))) return;
    return notifyBoth(tx, row, 'MEETUP_REMINDER');
  });

  scheduler.handle<{ meetupId: number }>(JOB_CHECKIN, async (job, tx) => {
    const row = await repo.meetupRow(tx, job.payload.meetupId);
    if (!row || row.status !== 'CONFIRMED' || (await blocked(tx, row))) return;
    const answered = new Set((await repo.checkinsOf(tx, Number(row.id))).map((c) => Number(c.member_id)));
    return notifyBoth(tx, row, 'MEETUP_CHECKIN', answered);
  });

  async function notifyBoth(tx: Tx, row: repo.MeetupRow, type: NotificationType, skip = new Set<number>()) {
    const a = Number(row.proposer_id);
    const b = Number(row.partner_id);
    const [nameA, nameB, roomId] = await Promise.all([repo.memberName(tx, a), repo.memberName(tx, b), repo.pairRoom(tx, a, b)]);
    const sends: (() => void)[] = [];
    for (const [recipient, sender, senderName] of [
      [a, b, nameB],
      [b, a, nameA],
    ] as const) {
      if (skip.has(recipient)) continue;
      await insertNotification(tx, recipient, sender, type, senderName);
      sends.push(() => sendPush(recipient, sender, type, senderName, roomId, Number(row.id)));
    }
    return () => sends.forEach((send) => send());
  }

  /**
   * 수락 or 거절, by the partner only. The proposer is told either way (a decline too, a section 14
   * extension: else the proposer's card waits for an answer that came).
   */
  async function answer(caller: Caller, id: number, to: 'CONFIRMED' | 'DECLINED'): Promise<Meetup> {
    const verb = to === 'CONFIRMED' ? '수락' : '거절';
    const type = to === 'CONFIRMED' ? 'MEETUP_CONFIRMED' : 'MEETUP_DECLINED';
    const done = await db.transaction(async (tx) => {
      const row = await ownMeetup(tx, caller, id, true);
      if (Number(row.proposer_id) === caller.id) {
        const message = `제안을 받은 사람만 ${verb}할 수 있어요.`;
        throw new AppError('MEETUP_403', { _: message }, message);
      }
      if (row.status !== 'PROPOSED') throw conflict(`${verb}할 수 없는 약속이에요.`);
      if (to === 'CONFIRMED' && Number(row.starts_ms) <= now()) throw conflict('이미 시작 시간이 지난 약속이에요.');
      await repo.setStatus(tx, id, to);
      if (to === 'CONFIRMED') await scheduleJobs(tx, id, Number(row.starts_ms), Number(row.ends_ms));
      const name = await repo.memberName(tx, caller.id);
      const proposerId = Number(row.proposer_id);
      await insertNotification(tx, proposerId, caller.id, type, name);
      return { proposerId, name, roomId: await repo.pairRoom(tx, caller.id, proposerId) };
    });
    sendPush(done.proposerId, caller.id, type, done.name, done.roomId);
    return one(caller, id);
  }

  /** Received compliments with every code present (0 when none). */
  async function complimentsOf(memberId: number): Promise<ComplimentCounts> {
    const rows = await repo.complimentCounts(db, memberId);
    const counts = Object.fromEntries(COMPLIMENT_CODES.map((c) => [c, 0])) as ComplimentCounts['counts'];
    for (const r of rows) if ((COMPLIMENT_CODES as readonly string[]).includes(r.code)) counts[r.code as keyof typeof counts] = Number(r.n);
    return { memberId, counts, total: Object.values(counts).reduce((s, n) => s + n, 0) };
  }

  return {
    async suggestions(caller: Caller, matchId: number): Promise<MeetupSuggestion[]> {
      // One statement (the match, both timetables, the places): this is on the sheet's open path.
      const row = await repo.suggestionInputs(db, matchId, caller.universityId);
      if (!row) throw new AppError('MEETUP_404');
      const mine = Number(row.requester_id) === caller.id;
      if (!mine && Number(row.target_id) !== caller.id) throw new AppError('MEETUP_403');
      if (row.blocked) throw notFoundWhileBlocked();
      if (row.status !== 'ACCEPTED') throw conflict('수락된 런치챗에서만 약속을 잡을 수 있어요.');
      const places = row.places ?? [];
      return suggestMeetupSlots({
        now: now(),
        maskA: BigInt(row.requester_mask),
        maskB: BigInt(row.target_mask),
        places: places.length > 0 ? places : [FALLBACK_PLACE],
      });
    },

    async create(caller: Caller, matchId: number, body: { startsAt: string; endsAt?: string; place: string }): Promise<Meetup> {
      const at = now();
      const startsMs = Date.parse(body.startsAt);
      if (startsMs % 60_000 !== 0) throw badTime('startsAt', '시작 시간은 분 단위로 정해 주세요.');
      if (startsMs <= at) throw badTime('startsAt', '지난 시간으로는 약속을 잡을 수 없어요.');
      if (startsMs > at + MEETUP_MAX_DAYS_AHEAD * 86_400_000) throw badTime('startsAt', `약속은 ${MEETUP_MAX_DAYS_AHEAD}일 이내로만 잡을 수 있어요.`);
      const endsMs = body.endsAt === undefined ? startsMs + MEETUP_DEFAULT_MINUTES * 60_000 : Date.parse(body.endsAt);
      if (endsMs <= startsMs) throw badTime('endsAt', '끝나는 시간은 시작 시간 뒤여야 해요.');
      if (endsMs - startsMs > MEETUP_MAX_MINUTES * 60_000) throw badTime('endsAt', `약속은 ${MEETUP_MAX_MINUTES / 60}시간 이내로 잡아 주세요.`);

      let created: { id: number; partnerId: number; name: string; roomId: number };
      try {
        created = await db.transaction(async (tx) => {
          // The match row lock serialises two proposals of one pair; the partial unique index backs it up.
          const { partnerId } = await ownMatch(tx, caller, matchId, true);
          const open = await repo.openMeetupOf(tx, matchId);
          if (open) throw openMeetupConflict(caller, open);
          const id = await repo.insertMeetup(tx, { matchId, proposerId: caller.id, partnerId, startsMs, endsMs, place: body.place });
          const name = await repo.memberName(tx, caller.id);
          await insertNotification(tx, partnerId, caller.id, 'MEETUP_PROPOSED', name);
          const roomId = await repo.openPairRoom(tx, caller.id, partnerId);
          return { id, partnerId, name, roomId };
        });
      } catch (error) {
        // The other proposal committed first: it is there now (or already answered).
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw openMeetupConflict(caller, await repo.openMeetupOf(db, matchId));
        throw error;
      }
      options.onRoomOpened?.(created.roomId);
      sendPush(created.partnerId, caller.id, 'MEETUP_PROPOSED', created.name, created.roomId);
      return one(caller, created.id);
    },

    confirm: (caller: Caller, id: number) => answer(caller, id, 'CONFIRMED'),

    decline: (caller: Caller, id: number) => answer(caller, id, 'DECLINED'),

    async cancel(caller: Caller, id: number): Promise<Meetup> {
      const done = await db.transaction(async (tx) => {
        const row = await ownMeetup(tx, caller, id, true);
        if (row.status !== 'PROPOSED' && row.status !== 'CONFIRMED') throw conflict('취소할 수 없는 약속이에요.');
        if (Number(row.starts_ms) <= now()) throw conflict('시작한 약속은 취소할 수 없어요.');
        await repo.setStatus(tx, id, 'CANCELLED');
        // Pending reminders and the check-in go with it, in the same transaction.
        await scheduler.cancel(jobKey(id), tx);
        const otherId = Number(row.proposer_id) === caller.id ? Number(row.partner_id) : Number(row.proposer_id);
        const name = await repo.memberName(tx, caller.id);
        await insertNotification(tx, otherId, caller.id, 'MEETUP_CANCELLED', name);
        return { otherId, name, roomId: await repo.pairRoom(tx, caller.id, otherId) };
      });
      sendPush(done.otherId, caller.id, 'MEETUP_CANCELLED', done.name, done.roomId);
      return one(caller, id);
    },

    async list(caller: Caller, scope: MeetupScope, withPendingCheckins = false): Promise<Meetup[]> {
      const at = new Date(now()).toISOString();
      const over = sql`not (m.status in ('PROPOSED','CONFIRMED') and m.ends_at > ${at}::timestamptz)`;
      const newestFirst = sql`m.starts_at desc, m.id desc`;
      if (scope === 'past') return repo.listMeetups(db, caller.id, at, over, newestFirst);
      const upcoming = await repo.listMeetups(
        db,
        caller.id,
        at,
        // Not with a suspended member (defence in depth: the suspension, or the boot's repair, cancels it).
        sql`m.status in ('PROPOSED','CONFIRMED') and m.ends_at > ${at}::timestamptz and ${repo.partnerNotSuspended}`,
        sql`m.starts_at, m.id`,
      );
      if (!withPendingCheckins) return upcoming;
      // Of the past list exactly those with `myCheckinDue`, which the PWA asks "만났나요?" for:
      // usually none or one, where the past list is every lunch ever had (up to 100).
      const pending = await repo.listMeetups(db, caller.id, at, repo.checkinDue(at), newestFirst);
      return [...upcoming, ...pending];
    },

    async get(caller: Caller, id: number): Promise<Meetup> {
      await ownMeetup(db, caller, id, false);
      return one(caller, id);
    },

    async checkin(caller: Caller, id: number, body: { met: boolean; compliments: MeetupCheckinBody['compliments'] }): Promise<Meetup> {
      await db.transaction(async (tx) => {
        const row = await ownMeetup(tx, caller, id, true);
        if (row.status !== 'CONFIRMED' && row.status !== 'DONE') throw conflict('확정된 약속만 체크인할 수 있어요.');
        if (Number(row.ends_ms) > now()) throw conflict('약속이 끝난 뒤에 체크인할 수 있어요.');
        const aboutId = Number(row.proposer_id) === caller.id ? Number(row.partner_id) : Number(row.proposer_id);
        // Compliments only go with a meeting that happened.
        const compliments = body.met ? (body.compliments ?? []) : [];
        if (!(await repo.insertCheckin(tx, id, caller.id, aboutId, body.met, compliments))) throw conflict('이미 체크인했어요.');
        const answers = await repo.checkinsOf(tx, id);
        if (answers.length === 2 && answers.every((a) => a.met)) await repo.setStatus(tx, id, 'DONE');
      });
      return one(caller, id);
    },

    async calendar(caller: Caller, id: number) {
      const row = await ownMeetup(db, caller, id, false);
      const meetup = await one(caller, id);
      return { meetup, sequence: Number(row.sequence), updatedMs: Number(row.updated_ms) };
    },

    async compliments(caller: Caller, memberId: number): Promise<ComplimentCounts> {
      const member = await repo.memberUniversity(db, caller.id, memberId);
      // Another university's member, or one with a block between the two (section 15), is
      // indistinguishable from one that does not exist (as profiles).
      if (!member || member.status !== 'ACTIVE' || Number(member.university_id) !== caller.universityId || member.blocked) throw new AppError('USER_404');
      return complimentsOf(memberId);
    },

    /** The caller's own: signed in, so there is nobody to hide them from. */
    async myCompliments(caller: Caller): Promise<ComplimentCounts> {
      return complimentsOf(caller.id);
    },
  };
}
