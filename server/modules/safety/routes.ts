import type { FastifyInstance } from 'fastify';
import { memberIdParamsSchema } from '../../../contract/members';
import {
  BLOCK_SUCCESS,
  blockedMembersSchema,
  blockedSchema,
  reportBodySchema,
  reportCreatedSchema,
  UNBLOCK_SUCCESS,
  unblockedSchema,
} from '../../../contract/safety';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import { safetyRepo } from './repo';
import { safetyService, type SafetyHooks } from './service';

export interface SafetyRoutesOptions extends SafetyHooks {
  /** Route config for @fastify/rate-limit on reports (per member). */
  rateLimit: { max: number; timeWindow: number };
}

/** Contract section 15; registered inside the `/api` scope (member guard). */
export async function safetyRoutes(api: FastifyInstance, ctx: AppContext, options: SafetyRoutesOptions): Promise<void> {
  const app = typed(api);
  const service = safetyService(ctx.db, safetyRepo(ctx.db), options);

  // A static path: Fastify matches it before /api/members/:id.
  app.get('/api/members/blocks', { schema: { response: okResponse(blockedMembersSchema) } }, async (request) =>
    ok(await service.blocks(currentMember(request))),
  );

  // A path id of digits only (anything else is a 400); a too-large id simply matches nobody.
  app.post('/api/members/:id/block', { schema: { params: memberIdParamsSchema, response: okResponse(blockedSchema) } }, async (request) => {
    await service.block(currentMember(request), request.params.id);
    return ok(BLOCK_SUCCESS);
  });

  app.delete('/api/members/:id/block', { schema: { params: memberIdParamsSchema, response: okResponse(unblockedSchema) } }, async (request) => {
    await service.unblock(currentMember(request), request.params.id);
    return ok(UNBLOCK_SUCCESS);
  });

  app.post(
    '/api/reports',
    { config: { rateLimit: options.rateLimit }, bodyLimit: 16 * 1024, schema: { body: reportBodySchema, response: okResponse(reportCreatedSchema) } },
    async (request) => ok(await service.report(currentMember(request), request.body)),
  );
}
