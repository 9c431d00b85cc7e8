import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  complimentCountsSchema,
  complimentsParamsSchema,
  matchIdParamsSchema,
  meetupCheckinBodySchema,
  meetupCreateBodySchema,
  meetupIdParamsSchema,
  meetupListQuerySchema,
  meetupListSchema,
  meetupSchema,
  meetupSuggestionListSchema,
} from '../../../contract/meetups';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { dropEmptyQuery, okResponse, textResponse, typed } from '../../lib/route-schemas';
import type { Scheduler } from '../../lib/scheduler';
import { meetupIcs } from './ics';
import { meetupsService } from './service';

export interface MeetupsRouteOptions {
  scheduler: Scheduler;
  /** Request-rule clock (tests); the default is the wall clock. */
  now?: () => number;
  /** See MeetupsServiceOptions. */
  onRoomOpened?(roomId: number): void;
}

/** Browser tests only: how far the request rules' clock is moved ahead. */
const testClockBodySchema = z.object({
  shiftMs: z
    .number({ error: '시간 이동 값은 숫자여야 해요.' })
    .int('시간 이동 값은 정수여야 해요.')
    .min(0, '시간 이동 값은 0 이상이어야 해요.')
    .max(30 * 86_400_000, '시간 이동 값은 30일 이하여야 해요.'),
});

/** Contract section 14; registered inside the `/api` scope (member guard). */
export async function meetupsRoutes(api: FastifyInstance, ctx: AppContext, options: MeetupsRouteOptions): Promise<void> {
  const app = typed(api);
  // Browser tests only (MEETUP_TEST_CLOCK, refused in production): the request rules' clock moves.
  let shiftMs = 0;
  const testClock = !ctx.config.production && ctx.config.MEETUP_TEST_CLOCK;
  const service = meetupsService(ctx.db, {
    push: ctx.push,
    scheduler: options.scheduler,
    reminderOffsetsMs: ctx.config.meetupReminderOffsetsMs,
    now: testClock ? () => (options.now ?? Date.now)() + shiftMs : options.now,
    onRoomOpened: options.onRoomOpened,
  });
  if (testClock) {
    app.put('/api/test/meetup-clock', { schema: { body: testClockBodySchema, response: okResponse(testClockBodySchema) } }, async (request) => {
      shiftMs = request.body.shiftMs;
      return ok({ shiftMs });
    });
  }
  // The UID's host part is fixed per deployment, never the request's, so the UID stays stable.
  const uidHost = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).hostname : 'lunchchat';
  const byMeetupId = { params: meetupIdParamsSchema, response: okResponse(meetupSchema) };

  app.get(
    '/api/matches/:matchId/meetup-suggestions',
    { schema: { params: matchIdParamsSchema, response: okResponse(meetupSuggestionListSchema) } },
    async (request) => ok(await service.suggestions(currentMember(request), request.params.matchId)),
  );

  app.post(
    '/api/matches/:matchId/meetups',
    { bodyLimit: 16 * 1024, schema: { params: matchIdParamsSchema, body: meetupCreateBodySchema, response: okResponse(meetupSchema) } },
    async (request) => ok(await service.create(currentMember(request), request.params.matchId, request.body)),
  );

  app.get(
    '/api/meetups',
    { preValidation: dropEmptyQuery, schema: { querystring: meetupListQuerySchema, response: okResponse(meetupListSchema) } },
    async (request) => ok(await service.list(currentMember(request), request.query.scope, request.query.withPendingCheckins)),
  );

  app.patch('/api/meetups/:id/confirm', { schema: byMeetupId }, async (request) => ok(await service.confirm(currentMember(request), request.params.id)));
  app.patch('/api/meetups/:id/decline', { schema: byMeetupId }, async (request) => ok(await service.decline(currentMember(request), request.params.id)));
  app.patch('/api/meetups/:id/cancel', { schema: byMeetupId }, async (request) => ok(await service.cancel(currentMember(request), request.params.id)));

  app.post('/api/meetups/:id/checkin', { bodyLimit: 16 * 1024, schema: { ...byMeetupId, body: meetupCheckinBodySchema } }, async (request) =>
    ok(await service.checkin(currentMember(request), request.params.id, request.body)),
  );

  app.get(
    '/api/meetups/:id/calendar.ics',
    { schema: { params: meetupIdParamsSchema, response: textResponse('text/calendar', 'The meetup as an iCalendar event (one VEVENT, stable UID)') } },
    async (request, reply) => {
      const { meetup, sequence, updatedMs } = await service.calendar(currentMember(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="lunchchat-meetup-${meetup.meetupId}.ics"`)
        .send(meetupIcs(meetup, sequence, updatedMs, uidHost));
    },
  );

  // Extension in section 14's spirit: received compliments, counted, for the member profile.
  app.get(
    '/api/members/:memberId/compliments',
    { schema: { params: complimentsParamsSchema, response: okResponse(complimentCountsSchema) } },
    async (request) => ok(await service.compliments(currentMember(request), request.params.memberId)),
  );
  // The caller's own, for their own profile (/my/profile), which knows no member id (GET /me has none).
  app.get('/api/members/me/compliments', { schema: { response: okResponse(complimentCountsSchema) } }, async (request) =>
    ok(await service.myCompliments(currentMember(request))),
  );
}
