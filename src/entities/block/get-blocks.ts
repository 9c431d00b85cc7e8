import { queryOptions, useQuery } from '@tanstack/react-query';
import { blockedMembersSchema, type BlockedMember } from '../../../contract/safety';
import { apiJson } from '../../lib/http';
import { blockKeys } from './keys';

/** GET /api/members/blocks: the members the caller blocked, newest first. */
function getBlocks(): Promise<BlockedMember[]> {
  return apiJson('/api/members/blocks', {}, blockedMembersSchema);
}

export const blocksQueryOptions = () => queryOptions({ queryKey: blockKeys.list(), queryFn: getBlocks });

export function useBlocks() {
  return useQuery(blocksQueryOptions());
}
