import type { z } from 'zod';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from '../member/keys';
import { blockKeys } from './keys';
import type { unblockedSchema, BlockedMember, UNBLOCK_SUCCESS } from '../../../contract/safety';

/** DELETE /api/members/{id}/block (idempotent). */
function unblockMember(memberId: number): Promise<typeof UNBLOCK_SUCCESS> {
  return apiJson<z.infer<typeof unblockedSchema>>(`/api/members/${memberId}/block`, { method: 'delete' });
}

/**
 * Keyed like the block (block-member.ts): made offline, the unblock pauses, is persisted with the
 * query cache and is sent once when the network is back, after a reload too.
 */
const unblockMutationKey = ['blocks', 'unblock'] as const;

/** What an unblock changes: the block list and the member lists (home, explore) the member returns to. */
const UNBLOCK_CHANGES = [blockKeys.all, memberKeys.lists()] as const;

/** Only a dropped connection retries (and pauses if now offline); a server answer is final. */
const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;

/** The same options for the hook and for a paused unblock restored after a reload (whose maker is gone). */
const unblockOptions = (queryClient: QueryClient) =>
  mutationOptions<typeof UNBLOCK_SUCCESS, Error, number>({
    mutationKey: unblockMutationKey,
    mutationFn: unblockMember,
    retry,
    onSuccess: (_result, memberId) => {
      queryClient.setQueryData<BlockedMember[]>(blockKeys.list(), (list) => list?.filter((b) => b.memberId !== memberId));
      return invalidateKeys(queryClient, UNBLOCK_CHANGES);
    },
  });

/** The function a restored paused unblock runs; registered with the block's, before the cache is restored. */
export function registerUnblockMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(unblockMutationKey, unblockOptions(queryClient));
}

/**
 * Unblocks: the row leaves the block list once the server confirms; the member lists (home, explore)
 * they return to are refetched. Made offline it waits for the network, persisted (`isPaused` tells
 * the screen), and goes out once when it is back, after a reload too.
 */
export function useUnblockMember() {
  return useMutation(unblockOptions(useQueryClient()));
}
