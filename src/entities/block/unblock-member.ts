import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from '../member/keys';
import { blockKeys } from './keys';
import type { unblockedSchema, BlockedMember, UNBLOCK_SUCCESS } from '../../../contract/safety';

/** DELETE /api/members/{id}/block (idempotent). */
function unblockMember(memberId: number): Promise<typeof UNBLOCK_SUCCESS> {
  return apiJson<z.infer<typeof unblockedSchema>>(`/api/members/${memberId}/block`, { method: 'delete' });
}

/** Unblocks: the row leaves the block list at once; the member lists (home, explore) they return to are refetched. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: async (_result, memberId) => {
      queryClient.setQueryData<BlockedMember[]>(blockKeys.list(), (list) => list?.filter((b) => b.memberId !== memberId));
      await invalidateKeys(queryClient, [blockKeys.all, memberKeys.lists()]);
    },
  });
}
