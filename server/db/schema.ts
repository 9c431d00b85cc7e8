import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const universities = pgTable('universities', {
  id: serial('id').primaryKey(),
  /** Short name as the contract shows it: 가톨릭대, 한국항공대, 이화여대, UMC대. */
  shortName: text('short_name').notNull().unique(),
  fullName: text('full_name').notNull(),
  /** Mentor-config key (spec section 3): catholic | ewha | kau | default. */
  configKey: text('config_key').notNull(),
});

export const universityDomains = pgTable('university_domains', {
  domain: text('domain').primaryKey(),
  universityId: integer('university_id')
    .notNull()
    .references(() => universities.id),
});

export const colleges = pgTable(
  'colleges',
  {
    id: serial('id').primaryKey(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('colleges_university_name').on(t.universityId, t.name)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    collegeId: integer('college_id')
      .notNull()
      .references(() => colleges.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('departments_college_name').on(t.collegeId, t.name)],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    /** Name given by the identity provider, before sign-up sets the real name. */
    accountName: text('account_name').notNull().default(''),
    membername: text('membername'),
    studentNo: text('student_no'),
    /** Admission year as a number (25 → 2025) so student-number filters are index range scans. */
    admissionYear: smallint('admission_year'),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    collegeId: integer('college_id').references(() => colleges.id),
    departmentId: integer('department_id').references(() => departments.id),
    profileImageUrl: text('profile_image_url'),
    /** PENDING until sign-up finishes, then ACTIVE; DISABLED blocks sign-in. */
    status: text('status').notNull().default('PENDING'),
    /** 50-bit free-time mask: bit day*10 + (hour-10). */
    timeMask: bigint('time_mask', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 8-bit interest mask: bit (interestId - 1). */
    interestMask: smallint('interest_mask').notNull().default(0),
    hasKeyword: boolean('has_keyword').notNull().default(false),
    fcmToken: text('fcm_token'),
    /**
     * Denormalised match counters, kept by the `matches_counters` trigger (migration `match_counters`) in the
     * same transaction as the match row, so ranking reads one row per member instead of
     * aggregating the matches table (decision 0004). Not profile data: they do not bump updated_at.
     */
    pendingReceived: integer('pending_received').notNull().default(0),
    pendingSent: integer('pending_sent').notNull().default(0),
    /** Matches in any status, either direction (filters `sort=recommend`). */
    matchCount: integer('match_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Filters: one index per sort order, equality prefix then the ORDER BY, so a page is a range scan.
    index('members_recent').on(t.universityId, t.status, t.updatedAt.desc(), t.id.desc()),
    index('members_recommend').on(t.universityId, t.status, t.matchCount.desc(), t.updatedAt.desc(), t.id.desc()),
    index('members_dept').on(t.departmentId),
    index('members_college').on(t.collegeId),
    // Operator stats (contract section 16): sign-ups per day are a range scan.
    index('members_created').on(t.createdAt),
    // A device token belongs to one member: registering it elsewhere clears it here.
    index('members_fcm_token')
      .on(t.fcmToken)
      .where(sql`${t.fcmToken} is not null`),
    check('members_status', sql`${t.status} in ('PENDING','ACTIVE','DISABLED')`),
  ],
);

export const keywords = pgTable(
  'keywords',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('keywords_member_type').on(t.memberId, t.type)],
);

/** One-time codes: local sign-in codes (single use, 60 s). */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when rotated (replaced by a newer token) or revoked (logout, reuse). */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('REQUESTED'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One match per pair whatever the direction: two simultaneous requests cannot both insert.
    uniqueIndex('matches_pair').on(sql`least(${t.requesterId}, ${t.targetId})`, sql`greatest(${t.requesterId}, ${t.targetId})`),
    index('matches_requester').on(t.requesterId, t.status),
    index('matches_target').on(t.targetId, t.status),
    // Operator stats: requests per day, and accepts per day (an accept sets updated_at).
    index('matches_created').on(t.createdAt, t.requesterId),
    index('matches_accepted')
      .on(t.updatedAt, t.requesterId, t.targetId)
      .where(sql`${t.status} = 'ACCEPTED'`),
    // The expiry sweep (section 15) reads only open requests, oldest first.
    index('matches_requested_created')
      .on(t.createdAt)
      .where(sql`${t.status} = 'REQUESTED'`),
    // EXPIRED: a request older than MATCH_REQUEST_TTL; the lists leave it out, a new request replaces it.
    // DECLINED: refused by its target (decision 0050); left out of the lists like EXPIRED, and its
    // requester may ask again once MATCH_REQUEST_TTL has passed since the decline (updated_at).
    check('matches_status', sql`${t.status} in ('REQUESTED','ACCEPTED','EXPIRED','DECLINED')`),
    check('matches_not_self', sql`${t.requesterId} <> ${t.targetId}`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => members.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_recipient').on(t.recipientId, t.id)],
);

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    /** memberA < memberB always, so a pair has one room. */
    memberA: integer('member_a')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberB: integer('member_b')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id').notNull(),
    aLeft: boolean('a_left').notNull().default(false),
    bLeft: boolean('b_left').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    /**
     * Read state per (room, member): the id of the newest message member_a / member_b has read
     * (0 = none). A message is unread for its recipient while its id is above this (contract 17).
     */
    aReadId: bigint('a_read_id', { mode: 'number' }).notNull().default(0),
    bReadId: bigint('b_read_id', { mode: 'number' }).notNull().default(0),
    /**
     * The friend's messages above a_read_id / b_read_id, kept by the chat_unread trigger on
     * chat_messages and reset by each read: the list and `event:room` read a number instead of
     * counting a backlog that grows as long as a member does not read (decision 0017).
     */
    aUnread: integer('a_unread').notNull().default(0),
    bUnread: integer('b_unread').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair').on(t.memberA, t.memberB),
    // The pair index serves lookups by member_a; the chat list also looks up by member_b.
    index('chat_rooms_member_b').on(t.memberB),
    check('chat_rooms_order', sql`${t.memberA} < ${t.memberB}`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_room').on(t.roomId, t.id),
    // Unread counts and read targets: the friend's messages after a read position, and nothing
    // else. Through chat_messages_room, the count for a member who never reads (the sender of a
    // one-way conversation) walked the room's whole history on every event:room (bench/chat.ts).
    index('chat_messages_room_sender').on(t.roomId, t.senderId, t.id),
    uniqueIndex('chat_messages_client_id').on(t.senderId, t.clientMessageId),
    // Operator stats: messages and active senders per day, read from the index alone.
    index('chat_messages_created').on(t.createdAt, t.senderId),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type'),
    size: integer('size'),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  // PATCH profile-image checks "issued by us, to this member" by URL.
  (t) => [index('uploads_member_url').on(t.memberId, t.url)],
);

export const mentorApplications = pgTable(
  'mentor_applications',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    month: text('month').notNull(),
    phone: text('phone').notNull(),
    question: text('question').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mentor_member_month').on(t.memberId, t.month), index('mentor_university_month').on(t.universityId, t.month)],
);

/**
 * Contract section 16: the monthly mentor page an operator set for a university and month
 * (`YYYY-MM`, Seoul). Absent → the built-in default of contract/mentor.ts. The fields live in one
 * JSON value because they are read and written whole and validated by contract/admin.ts.
 */
export const mentorConfigs = pgTable(
  'mentor_configs',
  {
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    month: text('month').notNull(),
    config: jsonb('config')
      .$type<{
        mentorName: string;
        mentorTitle: string;
        mentorSub: string;
        intro: [string, string, string];
        schedule: { date: string; time: string; place: string; capacity: number };
        bannerImage: string;
      }>()
      .notNull(),
    updatedBy: integer('updated_by').references(() => members.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.month] })],
);

/**
 * Contract section 16: a member an operator suspended (members.status is DISABLED while a row
 * exists). Kept apart from members so 정지 해제 knows who and since when, and what to restore.
 */
export const memberSuspensions = pgTable('member_suspensions', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** The status to restore on 정지 해제 (ACTIVE, or PENDING for an unfinished sign-up). */
  previousStatus: text('previous_status').notNull(),
  suspendedBy: integer('suspended_by').references(() => members.id, { onDelete: 'set null' }),
  reportId: integer('report_id'),
  suspendedAt: createdAt(),
  /**
   * When a timed suspension (7 or 30 days) ends by itself; null: permanent, until 정지 해제. The job
   * that ends it is scheduled with the row (`member.suspension-end`) and re-reads this before acting.
   */
  suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
});

/**
 * The operators' audit log (contract section 16, extension): who decided what, when, about whom.
 * Each row is written in the same transaction as the action it records, so the log never names an
 * action that did not happen nor misses one that did. Names and e-mails are copied in, so the log
 * still reads after an account is deleted.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => members.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetMemberId: integer('target_member_id').references(() => members.id, { onDelete: 'set null' }),
    targetName: text('target_name'),
    reportId: integer('report_id'),
    universityId: integer('university_id'),
    /** The operator's note (a suspension's reason) or what changed (a month, a count). */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_actions_university').on(t.universityId, t.id)],
);

/**
 * Operator stats (contract section 16, decision 0015-admin-stats): the counts of a Seoul day that
 * is over, per university, computed once from the real tables by the same SQL that computes the
 * current day live, so a 90-day range reads ~90 rows per university instead of every message.
 * Every university gets a row for a filled day (zeros too): a day is filled when any row exists.
 */
export const statsDays = pgTable(
  'stats_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    universityId: integer('university_id').notNull(),
    signups: integer('signups').notNull(),
    activeMembers: integer('active_members').notNull(),
    requests: integer('requests').notNull(),
    accepts: integer('accepts').notNull(),
    messages: integer('messages').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.universityId] })],
);

export const pushLog = pgTable(
  'push_log',
  {
    recipientId: integer('recipient_id').notNull(),
    type: text('type').notNull(),
    senderId: integer('sender_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_log_key').on(t.recipientId, t.type, t.senderId)],
);

/**
 * Blocks (section 15): one row per (blocker, blocked); the rule is symmetric, so readers check
 * both directions. The primary key serves "whom did I block", the second index "who blocked me".
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked').on(t.blockedId, t.blockerId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Reports (section 15/16). The reported message's text is copied at report time, so the operator
 * still sees it after the room (and its messages) is deleted. `hold` marks the report that made
 * the target's third distinct reporter within 30 days: while any OPEN report of a target holds,
 * the target is left out of every discovery list; an operator's decision closes the target's
 * OPEN reports (status CLOSED), which lifts it.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    detail: text('detail'),
    /** chat_messages.id of the reported message; no foreign key: the room may be deleted later. */
    messageId: bigint('message_id', { mode: 'number' }),
    messageText: text('message_text'),
    status: text('status').notNull().default('OPEN'),
    hold: boolean('hold').notNull().default(false),
    /** What the operator decided (DISMISS | SUSPEND) and when; null while OPEN. */
    resolution: text('resolution'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_target').on(t.targetId, t.status, t.createdAt),
    index('reports_status').on(t.status, t.id),
    // Discovery lists exclude held targets: this partial index stays as small as the open holds.
    index('reports_hold')
      .on(t.targetId)
      .where(sql`${t.status} = 'OPEN' and ${t.hold}`),
    check('reports_reason', sql`${t.reason} in ('HARASSMENT','SPAM','INAPPROPRIATE_PROFILE','NO_SHOW','OTHER')`),
    check('reports_status', sql`${t.status} in ('OPEN','CLOSED')`),
    check('reports_resolution', sql`${t.resolution} is null or ${t.resolution} in ('DISMISS','SUSPEND')`),
    check('reports_detail', sql`${t.detail} is null or char_length(${t.detail}) <= 500`),
    check('reports_not_self', sql`${t.reporterId} <> ${t.targetId}`),
  ],
);

/** PostgreSQL `bit varying`: drizzle has no built-in for it; values stay strings of 0/1 on the wire. */
const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'varbit' });

/**
 * Ranking bitmaps (decision 0004): per university, one bitmap per "slice" (a time slot, an
 * interest, signed up, has keywords, bits of the capped pending counts, a department, a college,
 * an admission year), bit n = member id n. Kept by triggers on members (migration `rank_bitmaps`),
 * read by the `rank_top` / `rank_count` functions, so ranking touches a few bitmaps instead of
 * every member row. Slice -1 is the university's all-zero template and its writer lock.
 */
export const rankBitmaps = pgTable(
  'rank_bitmaps',
  {
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    slice: integer('slice').notNull(),
    bits: varbit('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.slice] })],
);

/** Key/value settings kept in the database (e.g. the generated dev JWT secret is on disk, not here). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Meeting places per university (contract section 14): seeded with defaults, editable by operators. */
export const campusPlaces = pgTable(
  'campus_places',
  {
    id: serial('id').primaryKey(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    name: text('name').notNull(),
    /** Display and suggestion order, smallest first. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('campus_places_university_name').on(t.universityId, t.name)],
);

/** A lunch appointment of an ACCEPTED match (contract section 14). */
export const meetups = pgTable(
  'meetups',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    proposerId: integer('proposer_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    place: text('place').notNull(),
    status: text('status').notNull().default('PROPOSED'),
    /** RFC 5545 SEQUENCE of the .ics: bumped on every change a calendar should pick up. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // At most one open (PROPOSED or CONFIRMED) meetup per match: two concurrent proposals cannot both insert.
    uniqueIndex('meetups_one_open')
      .on(t.matchId)
      .where(sql`${t.status} in ('PROPOSED','CONFIRMED')`),
    index('meetups_proposer').on(t.proposerId, t.startsAt),
    index('meetups_partner').on(t.partnerId, t.startsAt),
    check('meetups_status', sql`${t.status} in ('PROPOSED','CONFIRMED','DECLINED','CANCELLED','DONE')`),
    check('meetups_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One "만났나요?" answer per member and meetup; `aboutId` is the other member (the one reported on). */
export const meetupCheckins = pgTable(
  'meetup_checkins',
  {
    meetupId: integer('meetup_id')
      .notNull()
      .references(() => meetups.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    aboutId: integer('about_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    met: boolean('met').notNull(),
    compliments: text('compliments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.meetupId, t.memberId] }),
    // Received compliments per member; the no-show rule reads only the few `met = false` rows.
    index('meetup_checkins_about').on(t.aboutId),
    index('meetup_checkins_no_show')
      .on(t.aboutId, t.createdAt)
      .where(sql`${t.met} = false`),
  ],
);

/**
 * The durable job scheduler (server/lib/scheduler.ts, decision record `scheduler`): one row per
 * pending job, claimed with FOR UPDATE SKIP LOCKED and deleted in the transaction that runs it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    payload: text('payload').notNull().default('{}'),
    /** Unique: scheduling the same key again moves the pending job; cancel removes keys by prefix. */
    dedupeKey: text('dedupe_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_dedupe_key').on(t.dedupeKey.op('text_pattern_ops')), index('jobs_due').on(t.runAt)],
);
