import type { FastifyInstance } from 'fastify';
import { INTEREST_CODES, tagListSchema } from '../../../contract/interests';
import { collegeIdParamsSchema, collegeSchema, departmentSchema } from '../../../contract/members';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import { campusRepo } from './repo';

export async function campusRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(api);
  const repo = campusRepo(ctx.db);

  app.get('/api/colleges', { schema: { response: okResponse(collegeSchema.array()) } }, async (request) =>
    ok(await repo.collegesOf(currentMember(request).universityId)),
  );

  // Ids beyond int4 cannot exist; treat them like unknown ids (empty list), as the contract says for 0.
  app.get(
    '/api/colleges/:collegeId/departments',
    { schema: { params: collegeIdParamsSchema, response: okResponse(departmentSchema.array()) } },
    async (request) => {
      const id = request.params.collegeId;
      if (id === 0) return ok([]);
      return ok(await repo.departmentsOf(currentMember(request).universityId, id));
    },
  );

  app.get('/api/tags', { schema: { response: okResponse(tagListSchema) } }, async () =>
    ok({ interests: INTEREST_CODES.map((interestType, i) => ({ id: i + 1, interestType })) }),
  );
}
