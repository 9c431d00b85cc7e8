import type { z } from 'zod';
import type { matchDeclinedSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** PATCH /api/matches/decline/{otherMemberId} (section 5 extension) */
export const declineMatch = (otherMemberId: number) =>
  apiJson<z.infer<typeof matchDeclinedSchema>>(`/api/matches/decline/${otherMemberId}`, { method: 'patch' });
