import type { z } from 'zod';
import type { matchCreatedSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** POST /api/matches { toMemberId } */
export const requestMatch = (toMemberId: number) => apiJson<z.infer<typeof matchCreatedSchema>>('/api/matches', { method: 'post', json: { toMemberId } });
