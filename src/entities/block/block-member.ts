import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { type BLOCK_SUCCESS } from '../../../contract/safety';
import { apiJson } from '../../lib/http';
import { blockKeys } from './keys';
import { withoutMember } from './without-member';

/** POST /api/members/{id}/block (idempotent). */
export function blockMember(memberId: number): Promise<typeof BLOCK_SUCCESS> {
  return apiJson(`/api/members/${memberId}/block`, { method: 'post' });
}

export interface BlockMemberOptions {
  /**
   * Caches of member lists (home, explore) to take the member out of at once; they are also
   * invalidated, so the server's answer (which leaves the member out too) follows.
   */
  memberLists?: readonly QueryKey[];
  /** Other caches the block changes (match lists, chat rooms, the profile, my page): invalidated. */
  invalidate?: readonly QueryKey[];
}

/** Blocks a member: the block list and the given caches are updated when the server confirms. */
export function useBlockMember({ memberLists = [], invalidate = [] }: BlockMemberOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: async (_result, memberId) => {
      for (const key of memberLists) queryClient.setQueriesData({ queryKey: key }, (data: unknown) => withoutMember(data, memberId));
      await Promise.all([blockKeys.all, ...memberLists, ...invalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'active' })));
    },
  });
}
