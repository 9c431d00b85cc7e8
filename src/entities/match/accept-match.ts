import { matchAcceptedSchema } from '../../../contract/matches';
import { apiJson } from '../../lib/http';

/** PATCH /api/matches/accept/{otherMemberId} */
export const acceptMatch = (otherMemberId: number) => apiJson(`/api/matches/accept/${otherMemberId}`, { method: 'patch' }, matchAcceptedSchema);
