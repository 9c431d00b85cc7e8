import type { FastifyInstance } from 'fastify';
import { MATCH_ACCEPT_SUCCESS, matchCreateBodySchema, matchListQuerySchema } from '../../../contract/matches';
import { dropEmptyParams } from '../../../contract/members';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok, parse } from '../../lib/http';
import { pathId } from '../members/sql';
import type { PushService } from '../push';
import { matchesService } from './service';

export interface MatchesRouteOptions {
  push: PushService;
  /** Route config for @fastify/rate-limit on match creation (per member). */
  rateLimit: { max: number; timeWindow: number };
}

export async function matchesRoutes(app: FastifyInstance, ctx: AppContext, options: MatchesRouteOptions): Promise<void> {
  const service = matchesService(ctx.db, options.push, { maxPending: ctx.config.MAX_PENDING_REQUESTS });

  app.post('/api/matches', { config: { rateLimit: options.rateLimit }, bodyLimit: 16 * 1024 }, async (request) => {
    const { toMemberId } = parse(matchCreateBodySchema, request.body);
    return ok(await service.request(currentMember(request), toMemberId));
  });

  app.patch('/api/matches/accept/:otherMemberId', async (request) => {
    const id = pathId((request.params as { otherMemberId?: unknown }).otherMemberId);
    if (id === null) throw new AppError('COMMON400', { otherMemberId: '회원 번호가 올바르지 않아요.' });
    await service.accept(currentMember(request), id);
    return ok(MATCH_ACCEPT_SUCCESS);
  });

  app.get('/api/matches', async (request) => {
    const { status, page, size } = parse(matchListQuerySchema, dropEmptyParams(request.query));
    return ok(await service.list(currentMember(request), status, page, size));
  });
}
