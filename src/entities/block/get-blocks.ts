import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { blockedMembersSchema, BlockedMember } from '../../../contract/safety';
import { apiJson } from '../../lib/http';
import { blockKeys } from './keys';

/** GET /api/members/blocks: the members the caller blocked, newest first. */
function getBlocks(): Promise<BlockedMember[]> {
  return apiJson<z.infer<typeof blockedMembersSchema>>('/api/members/blocks', {});
}

export const blocksQueryOptions = () => queryOptions({ queryKey: blockKeys.list(), queryFn: getBlocks });

export function useBlocks() {
  return useQuery(blocksQueryOptions());
}
