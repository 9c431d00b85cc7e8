import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MENTOR_APPLY_SUCCESS,
  MENTOR_CONFIGS,
  mentorAppliedSchema,
  mentorApplyRequestSchema,
  mentorInfoSchema,
  type MentorConfig,
  type MentorInfo,
} from '../../../contract/mentor';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import type { Db } from '../../db/client';
import { mentorConfigFor, type SeedMentorMonth } from '../../db/mentor-configs';
import { mentorApplications } from '../../db/schema';
import { AppError, ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/sql';

/** The application month in Korean time (UTC+9, no daylight saving): `YYYY-MM`. */
export function mentorMonth(now = new Date()): string {
  const kst = new Date(now.getTime() + 9 * 3600_000);
  return `${kst.getUTCFullYear()}-${String(kst.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * What an operator stored for this university and month (contract section 16), else the built-in
 * default with `configured: false`: its schedule is no real session (spec section 3's fixed date).
 * With the demo seed, a month none is stored for gets its demo mentor first (`seedMissing`).
 */
async function monthConfig(db: Db, universityId: number, month: string, seedMissing?: SeedMentorMonth): Promise<{ config: MentorConfig; configured: boolean }> {
  const resolved = await mentorConfigFor(db, universityId, month, seedMissing);
  return { config: resolved?.config ?? MENTOR_CONFIGS.default, configured: resolved?.stored ?? false };
}

export interface MentorRouteOptions {
  /** Wall clock of the month (tests move it); the default is the real one. */
  now?: () => number;
  /** The demo seed only: saves the current month's demo mentor when none is saved (see mentorConfigFor). */
  seedDemoMentor?: SeedMentorMonth;
}

/** Contract section 13: the monthly mentor of the caller's university and its applications. */
export async function mentorRoutes(api: FastifyInstance, ctx: AppContext, options: MentorRouteOptions = {}): Promise<void> {
  const { db } = ctx;
  const now = options.now ?? Date.now;

  const app = typed(api);

  app.get('/api/mentor', { schema: { response: okResponse(mentorInfoSchema) } }, async (request) => {
    const member = currentMember(request);
    const month = mentorMonth(new Date(now()));
    const { config, configured } = await monthConfig(db, member.universityId, month, options.seedDemoMentor);
    const [mine] = await db
      .select({ n: count() })
      .from(mentorApplications)
      .where(and(eq(mentorApplications.memberId, member.id), eq(mentorApplications.month, month)));
    const [all] = await db
      .select({ n: count() })
      .from(mentorApplications)
      .where(and(eq(mentorApplications.universityId, member.universityId), eq(mentorApplications.month, month)));
    const result: MentorInfo = { ...config, configured, month, applied: (mine?.n ?? 0) > 0, applicants: all?.n ?? 0 };
    return ok(result);
  });

  const applySchema = { body: mentorApplyRequestSchema, response: okResponse(mentorAppliedSchema) };
  app.post('/api/mentor/monthlyM', { bodyLimit: 16 * 1024, schema: applySchema }, async (request) => {
    const member = currentMember(request);
    const { phone, question } = request.body;
    const month = mentorMonth(new Date(now()));
    const { config, configured } = await monthConfig(db, member.universityId, month, options.seedDemoMentor);
    if (!configured) throw new AppError('MENTOR_404');
    const { capacity } = config.schedule;
    try {
      await db.transaction(async (tx) => {
        // Applications of one university are serialised, so the last seat is given once.
        await tx.execute(sql`select id from universities where id = ${member.universityId} for no key update`);
        const [mine] = await tx
          .select({ n: count() })
          .from(mentorApplications)
          .where(and(eq(mentorApplications.memberId, member.id), eq(mentorApplications.month, month)));
        if ((mine?.n ?? 0) > 0) throw new AppError('MENTOR_409_DUPLICATE');
        const [taken] = await tx
          .select({ n: count() })
          .from(mentorApplications)
          .where(and(eq(mentorApplications.universityId, member.universityId), eq(mentorApplications.month, month)));
        if ((taken?.n ?? 0) >= capacity) throw new AppError('MENTOR_409_FULL');
        await tx.insert(mentorApplications).values({ memberId: member.id, universityId: member.universityId, month, phone: phone.replace(/-/g, ''), question });
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('MENTOR_409_DUPLICATE');
      throw error;
    }
    return ok(MENTOR_APPLY_SUCCESS);
  });
}
