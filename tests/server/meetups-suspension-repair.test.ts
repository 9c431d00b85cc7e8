import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { call, email, FakePush, GENEROUS_LIMITS } from './api-harness';
import { freshPostgres, JWT_SECRET, newMember, POSTGRES_AVAILABLE, type DbKind, type Session } from './harness';

/**
 * Decision 0051: open meetups that a suspension from before the rule left open (the member
 * DISABLED, the meetup still PROPOSED or CONFIRMED) are cancelled at the next boot, as a
 * suspension now cancels them, and each partner is told once, however many instances boot at once
 * and however often they boot. Until then the partner's 다가오는 약속 already leaves them out.
 */
const KINDS: DbKind[] = POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000).toISOString();

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function match(app: FastifyInstance, a: Session, b: Session): Promise<number> {
  expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
  expect((await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`)).status).toBe(200);
  const list = await call(app, a.token, 'GET', '/api/matches?status=ACCEPTED&size=50');
  return (list.body.result.data as { id: number; matchedUser: { id: number } }[]).find((m) => m.matchedUser.id === b.memberId)!.id;
}

async function propose(app: FastifyInstance, by: Session, matchId: number, startsIn: number): Promise<number> {
  const res = await call<Meetup>(app, by.token, 'POST', `/api/matches/${matchId}/meetups`, { startsAt: at(startsIn), place: '학생식당' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result!.meetupId;
}

const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...GENEROUS_LIMITS });

/**
 * One database with what an older server's suspension left: 김예전 DISABLED with a confirmed lunch
 * (its reminders pending) and a proposal made to them, both still open; beside them a lunch of
 * theirs that already ended and a lunch between two others.
 */
async function olderServersData(app: FastifyInstance, database: Database) {
  const suspended = await newMember(app, email(), { membername: '김예전' });
  const confirmedWith = await newMember(app, email(), { membername: '이확정' });
  const proposedBy = await newMember(app, email(), { membername: '박제안' });
  const earlierWith = await newMember(app, email(), { membername: '최지난' });
  const confirmed = await propose(app, suspended, await match(app, suspended, confirmedWith), 3 * HOUR);
  expect((await call(app, confirmedWith.token, 'PATCH', `/api/meetups/${confirmed}/confirm`)).status).toBe(200);
  const proposed = await propose(app, proposedBy, await match(app, proposedBy, suspended), 2 * HOUR);
  const earlier = await propose(app, earlierWith, await match(app, earlierWith, suspended), 4 * HOUR);
  expect((await call(app, suspended.token, 'PATCH', `/api/meetups/${earlier}/confirm`)).status).toBe(200);
  await database.db.execute(sql`update meetups set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${earlier}`);
  const others = await propose(app, confirmedWith, await match(app, confirmedWith, proposedBy), 5 * HOUR);
  for (const who of [confirmedWith, proposedBy, earlierWith]) {
    await call(app, who.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${who.memberId}` });
  }
  // The suspension as an older server made it: the status and its row, the meetups left as they were.
  await database.db.execute(sql`update members set status = 'DISABLED' where id = ${suspended.memberId}`);
  await database.db.execute(sql`insert into member_suspensions (member_id, previous_status) values (${suspended.memberId}, 'ACTIVE')`);
  return { suspended, confirmedWith, proposedBy, earlierWith, meetups: { confirmed, proposed, earlier, others } };
}

const upcoming = async (app: FastifyInstance, who: Session) =>
  (await call<Meetup[]>(app, who.token, 'GET', '/api/meetups?scope=upcoming')).body.result!.map((m) => [m.meetupId, m.status]);

for (const kind of KINDS) {
  describe(`open meetups a suspension from before the rule left open [${kind}]`, () => {
    /** Opens databases and boots apps on them, closing them all at the end. */
    async function withServers(
      work: (boot: (database: Database, push?: FakePush) => Promise<FastifyInstance>, open: () => Promise<Database>) => Promise<void>,
    ) {
      const pg = kind === 'postgres' ? await freshPostgres() : undefined;
      const apps: FastifyInstance[] = [];
      const databases: Database[] = [];
      const open = async () => {
        const database = await openDatabase({ databaseUrl: pg?.url, dataDir: 'memory://' });
        databases.push(database);
        return database;
      };
      const boot = async (database: Database, push = new FakePush()) => {
        const app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, push });
        apps.push(app);
        await app.ready();
        return app;
      };
      try {
        await work(boot, open);
      } finally {
        for (const app of apps) await app.close();
        for (const database of databases) await database.close();
        await pg?.drop();
      }
    }

    it('the next boot cancels them and tells each partner once, with two instances booting at once; later boots change nothing', async () => {
      await withServers(async (boot, open) => {
        const first = await open();
        await seedCampus(first.db);
        const running = await boot(first);
        const data = await olderServersData(running, first);
        const { meetups } = data;
        expect(await rows(first, sql`select 1 from jobs where dedupe_key like ${`meetup:${meetups.confirmed}:%`}`)).not.toEqual([]);

        // Two instances boot together (on PostgreSQL each with its own pool, as two processes would).
        const pushes = [new FakePush(), new FakePush()];
        const [one, two] = kind === 'postgres' ? await Promise.all([open(), open()]) : [first, first];
        const [app] = await Promise.all([boot(one!, pushes[0]), boot(two!, pushes[1])]);

        const statusOf = async (id: number) => (await rows<{ status: string }>(first, sql`select status from meetups where id = ${id}`))[0]!.status;
        expect(await statusOf(meetups.confirmed)).toBe('CANCELLED');
        expect(await statusOf(meetups.proposed)).toBe('CANCELLED');
        expect(await rows(first, sql`select 1 from jobs where dedupe_key like ${`meetup:${meetups.confirmed}:%`}`)).toEqual([]);
        // Untouched: the lunch that took place, and the others' lunch.
        expect(await statusOf(meetups.earlier)).toBe('CONFIRMED');
        expect(await statusOf(meetups.others)).toBe('PROPOSED');

        const cancelNotes = () =>
          rows<{ recipient_id: number; sender_id: number; content: string }>(
            first,
            sql`select recipient_id, sender_id, content from notifications where type = 'MEETUP_CANCELLED' order by recipient_id`,
          );
        const told = [data.confirmedWith, data.proposedBy].map((who) => ({
          recipient_id: who.memberId,
          sender_id: data.suspended.memberId,
          content: '김예전님과의 약속이 취소되었어요.',
        }));
        expect((await cancelNotes()).map((n) => ({ ...n, recipient_id: Number(n.recipient_id), sender_id: Number(n.sender_id) }))).toEqual(told);
        // Pushed once each, by whichever instance cancelled.
        const pushed = () => pushes.flatMap((p) => p.sent).map((p) => [p.token, p.data.type, p.data.body, p.data.url]);
        for (let i = 0; i < 60 && pushed().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 200));
        expect(pushed().sort()).toEqual(
          [data.confirmedWith, data.proposedBy]
            .map((who) => [`device-${who.memberId}`, 'MEETUP_CANCELLED', '김예전님과의 약속이 취소되었어요.', '/meetups'])
            .sort(),
        );

        // The partners' lists: gone from 다가오는 약속, under past as 취소됨.
        expect(await upcoming(app, data.confirmedWith)).toEqual([[meetups.others, 'PROPOSED']]);
        const past = (await call<Meetup[]>(app, data.proposedBy.token, 'GET', '/api/meetups?scope=past')).body.result!;
        expect(past.map((m) => [m.meetupId, m.status])).toEqual([[meetups.proposed, 'CANCELLED']]);

        // Every later boot finds nothing to do and tells nobody again.
        const again = new FakePush();
        await boot(kind === 'postgres' ? await open() : first, again);
        expect((await cancelNotes()).length).toBe(2);
        await new Promise((r) => setTimeout(r, 200));
        expect(again.sent).toEqual([]);
      });
    });

    it('before that boot, the partner’s 다가오는 약속 already leaves out a lunch with a suspended member', async () => {
      await withServers(async (boot, open) => {
        const database = await open();
        await seedCampus(database.db);
        const app = await boot(database);
        const data = await olderServersData(app, database);
        expect(await upcoming(app, data.confirmedWith)).toEqual([[data.meetups.others, 'PROPOSED']]);
        expect(await upcoming(app, data.proposedBy)).toEqual([[data.meetups.others, 'PROPOSED']]);
        // Not shown under past either while it is open: it is no lunch that took place.
        const past = (await call<Meetup[]>(app, data.proposedBy.token, 'GET', '/api/meetups?scope=past')).body.result!;
        expect(past).toEqual([]);
      });
    });
  });
}
