import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INTEREST_CODES } from '../../../contract/interests';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { campusRepo } from './repo';

// Ids beyond int4 cannot exist; treat them like unknown ids (empty list), as the contract says for 0.
const collegeParams = z.object({ collegeId: z.string() });

export async function campusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = campusRepo(ctx.db);

  app.get('/api/colleges', async (request) => ok(await repo.collegesOf(currentMember(request).universityId)));

  app.get('/api/colleges/:collegeId/departments', async (request) => {
    const { collegeId } = collegeParams.parse(request.params);
    const id = /^\d{1,9}$/.test(collegeId) ? Number(collegeId) : 0;
    if (id === 0) return ok([]);
    return ok(await repo.departmentsOf(currentMember(request).universityId, id));
  });

  app.get('/api/tags', async () => ok({ interests: INTEREST_CODES.map((interestType, i) => ({ id: i + 1, interestType })) }));
}
