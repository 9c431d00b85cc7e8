import type { z } from 'zod';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { blockedSchema, BLOCK_SUCCESS } from '../../../contract/safety';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
// A block changes members (lists, my page), matches, chat rooms and meetups: the block entity may
// import those four key factories (eslint.config.js ENTITY_EDGES).
import { chatKeys } from '../chat-room/keys';
import { matchKeys } from '../match/keys';
import { meetupKeys } from '../meetup/keys';
import { memberKeys } from '../member/keys';
import { blockKeys } from './keys';
import { registerUnblockMutations } from './unblock-member';
import { withoutMember } from './without-member';

/** POST /api/members/{id}/block (idempotent). */
function blockMember(memberId: number): Promise<typeof BLOCK_SUCCESS> {
  return apiJson<z.infer<typeof blockedSchema>>(`/api/members/${memberId}/block`, { method: 'post' });
}

/**
 * Keyed like entities/match's requests: made offline, the block pauses, is persisted
 * with the query cache and is sent when the network is back, after a reload too.
 */
const blockMutationKey = ['blocks', 'block'] as const;

/** Every key a block changes, through the real key factories. */
const BLOCK_CHANGES = [blockKeys.all, memberKeys.lists(), memberKeys.myPage(), matchKeys.all, chatKeys.rooms(), meetupKeys.lists()] as const;

/** Only a dropped connection retries (and pauses if now offline); a server answer is final. */
const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;

/**
 * The functions a restored paused block (and unblock) runs, registered before the cache is restored. Whoever
 * made it is gone after a reload, so everything cached is refetched when it lands (a block is
 * rare, and changes discovery, matches, chat and my page at once).
 */
export function registerBlockMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(blockMutationKey, {
    mutationFn: blockMember,
    retry,
    onSettled: () => queryClient.invalidateQueries(),
  });
  registerUnblockMutations(queryClient);
}

/**
 * Blocks a member. When the server confirms, the member leaves every cached member list at once
 * (home, explore: `memberKeys.lists()`), and what the block changes is refetched through the
 * resources' own key factories: the block list, those lists, my page's counters, the match lists,
 * the chat rooms (the pair's room is gone for both) and the meetup lists (the server cancels the
 * pair's open meetups with the block, section 15: home's 다가오는 약속 and /meetups drop them).
 */
export function useBlockMember() {
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
      queryClient.setQueriesData({ queryKey: memberKeys.lists() }, (data: unknown) => withoutMember(data, memberId));
      await invalidateKeys(queryClient, BLOCK_CHANGES, 'active');
    },
  });
}
