import type { z } from 'zod';
import type { matchWithdrawnSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** PATCH /api/matches/withdraw/{otherMemberId} (section 5 extension) */
export const withdrawMatch = (otherMemberId: number) =>
  apiJson<z.infer<typeof matchWithdrawnSchema>>(`/api/matches/withdraw/${otherMemberId}`, { method: 'patch' });
