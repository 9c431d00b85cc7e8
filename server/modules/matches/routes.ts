import type { FastifyInstance } from 'fastify';
import {
  MATCH_ACCEPT_SUCCESS,
  MATCH_DECLINE_SUCCESS,
  MATCH_WITHDRAW_SUCCESS,
  matchAcceptedSchema,
  matchDeclinedSchema,
  matchWithdrawnSchema,
  matchAcceptParamsSchema,
  matchCreateBodySchema,
  matchCreatedSchema,
  matchListQuerySchema,
  matchPageSchema,
} from '../../../contract/matches';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { dropEmptyQuery, okResponse, typed } from '../../lib/route-schemas';
import { matchesService } from './service';

export interface MatchesRouteOptions {
  /** Route config for @fastify/rate-limit on match creation (per member). */
  rateLimit: { max: number; timeWindow: number };
}

export async function matchesRoutes(api: FastifyInstance, ctx: AppContext, options: MatchesRouteOptions): Promise<void> {
  const app = typed(api);
  const service = matchesService(ctx.db, ctx.push, { maxPending: ctx.config.MAX_PENDING_REQUESTS, ttlSeconds: ctx.config.MATCH_REQUEST_TTL });

  app.post(
    '/api/matches',
    { config: { rateLimit: options.rateLimit }, bodyLimit: 16 * 1024, schema: { body: matchCreateBodySchema, response: okResponse(matchCreatedSchema) } },
    async (request) => ok(await service.request(currentMember(request), request.body.toMemberId)),
  );

  app.patch(
    '/api/matches/accept/:otherMemberId',
    { schema: { params: matchAcceptParamsSchema, response: okResponse(matchAcceptedSchema) } },
    async (request) => {
      await service.accept(currentMember(request), request.params.otherMemberId);
      return ok(MATCH_ACCEPT_SUCCESS);
    },
  );

  // Section 5 extension (decision 0050): decline a request made to me, withdraw one I made.
  app.patch(
    '/api/matches/decline/:otherMemberId',
    { schema: { params: matchAcceptParamsSchema, response: okResponse(matchDeclinedSchema) } },
    async (request) => {
      await service.decline(currentMember(request), request.params.otherMemberId);
      return ok(MATCH_DECLINE_SUCCESS);
    },
  );

  app.patch(
    '/api/matches/withdraw/:otherMemberId',
    { schema: { params: matchAcceptParamsSchema, response: okResponse(matchWithdrawnSchema) } },
    async (request) => {
      await service.withdraw(currentMember(request), request.params.otherMemberId);
      return ok(MATCH_WITHDRAW_SUCCESS);
    },
  );

  app.get(
    '/api/matches',
    { preValidation: dropEmptyQuery, schema: { querystring: matchListQuerySchema, response: okResponse(matchPageSchema) } },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await service.list(currentMember(request), status, page, size));
    },
  );
}
