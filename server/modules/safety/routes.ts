import type { FastifyInstance } from 'fastify';
import { BLOCK_SUCCESS, UNBLOCK_SUCCESS } from '../../../contract/safety';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok } from '../../lib/http';
import { safetyRepo } from './repo';
import { safetyService, type SafetyHooks } from './service';

export interface SafetyRoutesOptions extends SafetyHooks {
  /** Route config for @fastify/rate-limit on reports (per member). */
  rateLimit: { max: number; timeWindow: number };
}

/** A path id: digits only (anything else is a 400); a too-large id simply matches nobody. */
function memberIdParam(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw)) throw new AppError('COMMON400', { id: '회원 번호가 올바르지 않아요.' });
  return Number(raw);
}

/** Contract section 15; registered inside the `/api` scope (member guard). */
export async function safetyRoutes(app: FastifyInstance, ctx: AppContext, options: SafetyRoutesOptions): Promise<void> {
  const service = safetyService(ctx.db, safetyRepo(ctx.db), options);

  // A static path: Fastify matches it before /api/members/:id.
  app.get('/api/members/blocks', async (request) => ok(await service.blocks(currentMember(request))));

  app.post('/api/members/:id/block', async (request) => {
    await service.block(currentMember(request), memberIdParam((request.params as { id?: unknown }).id));
    return ok(BLOCK_SUCCESS);
  });

  app.delete('/api/members/:id/block', async (request) => {
    await service.unblock(currentMember(request), memberIdParam((request.params as { id?: unknown }).id));
    return ok(UNBLOCK_SUCCESS);
  });

  app.post('/api/reports', { config: { rateLimit: options.rateLimit }, bodyLimit: 16 * 1024 }, async (request) =>
    ok(await service.report(currentMember(request), request.body)),
  );
}
