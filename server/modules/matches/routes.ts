import type { FastifyInstance } from 'fastify';
import {
  MATCH_ACCEPT_SUCCESS,
  matchAcceptedSchema,
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
  const service = matchesService(ctx.db, ctx.push);

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

  app.get(
    '/api/matches',
    { preValidation: dropEmptyQuery, schema: { querystring: matchListQuerySchema, response: okResponse(matchPageSchema) } },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await service.list(currentMember(request), status, page, size));
    },
  );
}
