import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { blockKeys } from './keys';
import type { BlockedMember, UNBLOCK_SUCCESS } from '../../../contract/safety';

/** DELETE /api/members/{id}/block (idempotent). */
export function unblockMember(memberId: number): Promise<typeof UNBLOCK_SUCCESS> {
  return apiJson(`/api/members/${memberId}/block`, { method: 'delete' });
}

/** Unblocks: the row leaves the block list at once; `invalidate` names the lists the member returns to. */
export function useUnblockMember({ invalidate = [] }: { invalidate?: readonly QueryKey[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: async (_result, memberId) => {
      queryClient.setQueryData<BlockedMember[]>(blockKeys.list(), (list) => list?.filter((b) => b.memberId !== memberId));
      await Promise.all([blockKeys.all, ...invalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
