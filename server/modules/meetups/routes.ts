import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { matchIdParamsSchema, meetupCheckinBodySchema, meetupCreateBodySchema, meetupIdParamsSchema, meetupListQuerySchema } from '../../../contract/meetups';
import { dropEmptyParams } from '../../../contract/members';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok, parse } from '../../lib/http';
import type { Scheduler } from '../../lib/scheduler';
import type { PushService } from '../push';
import { meetupIcs } from './ics';
import { meetupsService } from './service';

export interface MeetupsRouteOptions {
  push: PushService;
  scheduler: Scheduler;
  /** Request-rule clock (tests); the default is the wall clock. */
  now?: () => number;
}

/** Contract section 14; registered inside the `/api` scope (member guard). */
export async function meetupsRoutes(app: FastifyInstance, ctx: AppContext, options: MeetupsRouteOptions): Promise<void> {
  // Browser tests only (MEETUP_TEST_CLOCK, refused in production): the request rules' clock moves.
  let shiftMs = 0;
  const testClock = !ctx.config.production && ctx.config.MEETUP_TEST_CLOCK;
  const service = meetupsService(ctx.db, {
    push: options.push,
    scheduler: options.scheduler,
    reminderOffsetsMs: ctx.config.meetupReminderOffsetsMs,
    now: testClock ? () => (options.now ?? Date.now)() + shiftMs : options.now,
  });
  if (testClock) {
    app.put('/api/test/meetup-clock', async (request) => {
      shiftMs = parse(
        z.object({
          shiftMs: z
            .number()
            .int()
            .min(0)
            .max(30 * 86_400_000),
        }),
        request.body,
      ).shiftMs;
      return ok({ shiftMs });
    });
  }
  // The UID's host part is fixed per deployment, never the request's, so the UID stays stable.
  const uidHost = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).hostname : 'lunchchat';
  const meetupId = (params: unknown) => parse(meetupIdParamsSchema, params).id;

  app.get('/api/matches/:matchId/meetup-suggestions', async (request) => {
    const { matchId } = parse(matchIdParamsSchema, request.params);
    return ok(await service.suggestions(currentMember(request), matchId));
  });

  app.post('/api/matches/:matchId/meetups', { bodyLimit: 16 * 1024 }, async (request) => {
    const { matchId } = parse(matchIdParamsSchema, request.params);
    const body = parse(meetupCreateBodySchema, request.body);
    return ok(await service.create(currentMember(request), matchId, body));
  });

  app.get('/api/meetups', async (request) => {
    const { scope } = parse(meetupListQuerySchema, dropEmptyParams(request.query));
    return ok(await service.list(currentMember(request), scope));
  });

  app.patch('/api/meetups/:id/confirm', async (request) => ok(await service.confirm(currentMember(request), meetupId(request.params))));
  app.patch('/api/meetups/:id/decline', async (request) => ok(await service.decline(currentMember(request), meetupId(request.params))));
  app.patch('/api/meetups/:id/cancel', async (request) => ok(await service.cancel(currentMember(request), meetupId(request.params))));

  app.post('/api/meetups/:id/checkin', { bodyLimit: 16 * 1024 }, async (request) => {
    const id = meetupId(request.params);
    const body = parse(meetupCheckinBodySchema, request.body);
    return ok(await service.checkin(currentMember(request), id, body));
  });

  app.get('/api/meetups/:id/calendar.ics', async (request, reply) => {
    const { meetup, sequence, updatedMs } = await service.calendar(currentMember(request), meetupId(request.params));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="lunchchat-meetup-${meetup.meetupId}.ics"`)
      .send(meetupIcs(meetup, sequence, updatedMs, uidHost));
  });

  // Extension in section 14's spirit: received compliments, counted, for the member profile.
  app.get('/api/members/:memberId/compliments', async (request) => {
    const raw = (request.params as { memberId?: unknown }).memberId;
    if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647)
      throw new AppError('COMMON400', { memberId: '회원 번호가 올바르지 않아요.' });
    return ok(await service.compliments(currentMember(request), Number(raw)));
  });
}
