import type { z } from 'zod';
import type { matchAcceptedSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** PATCH /api/matches/accept/{otherMemberId} */
export const acceptMatch = (otherMemberId: number) => apiJson<z.infer<typeof matchAcceptedSchema>>(`/api/matches/accept/${otherMemberId}`, { method: 'patch' });
