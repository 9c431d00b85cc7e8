import { matchCreatedSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** POST /api/matches { toMemberId } */
export const requestMatch = (toMemberId: number) => apiJson('/api/matches', { method: 'post', json: { toMemberId } }, matchCreatedSchema);
