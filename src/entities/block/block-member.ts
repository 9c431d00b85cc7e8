import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BLOCK_SUCCESS } from '../../../contract/safety';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from '../../lib/http';
import { blockKeys } from './keys';
import { withoutMember } from './without-member';

/** POST /api/members/{id}/block (idempotent). */
export function blockMember(memberId: number): Promise<typeof BLOCK_SUCCESS> {
  return apiJson(`/api/members/${memberId}/block`, { method: 'post' });
}

/**
 * Keyed like lib/offline-mutations' match requests: made offline, the block pauses, is persisted
 * with the query cache and is sent when the network is back, after a reload too.
 */
export const blockMutationKey = ['blocks', 'block'] as const;

/** Only a dropped connection retries (and pauses if now offline); a server answer is final. */
const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;

/**
 * The function a restored paused block runs, registered before the cache is restored. Whoever
 * made it is gone after a reload, so everything cached is refetched when it lands (a block is
 * rare, and changes discovery, matches, chat and my page at once).
 */
export function registerBlockMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(blockMutationKey, {
    mutationFn: blockMember,
    retry,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export interface BlockMemberOptions {
  /**
   * Caches of member lists (home, explore) to take the member out of at once; they are also
   * invalidated, so the server's answer (which leaves the member out too) follows.
   */
  memberLists?: readonly QueryKey[];
  /** Other caches the block changes (match lists, chat rooms, my page): invalidated. */
  invalidate?: readonly QueryKey[];
}

/** Blocks a member: the block list and the given caches are updated when the server confirms. */
export function useBlockMember({ memberLists = [], invalidate = [] }: BlockMemberOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<typeof BLOCK_SUCCESS, Error, number>({
    mutationKey: blockMutationKey,
    mutationFn: blockMember,
    retry,
    // Replaces the registered default (refetch everything), which is for a block restored after a
    // reload: here the precise caches are known, and refetching the open chat room of the member
    // just blocked would only be refused.
    onSettled: () => undefined,
    onSuccess: async (_result, memberId) => {
      for (const key of memberLists) queryClient.setQueriesData({ queryKey: key }, (data: unknown) => withoutMember(data, memberId));
      await Promise.all([blockKeys.all, ...memberLists, ...invalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'active' })));
    },
  });
}
