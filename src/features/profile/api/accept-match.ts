import { useQueryClient } from '@tanstack/react-query';
import { useAcceptMatch as useKeyedAccept } from '../../../lib/offline-mutations';
import { profileKeys } from './keys';

/** PATCH /api/matches/accept/{otherMemberId} through the keyed mutation of lib/offline-mutations. */
export function useAcceptMatch(memberId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const mutation = useKeyedAccept();
  return {
    isPending: mutation.isPending,
    mutate: (options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) =>
      mutation.mutate(memberId, {
        onSuccess: () => {
          onChanged?.();
          void queryClient.invalidateQueries({ queryKey: profileKeys.detail(memberId) });
          options.onSuccess?.();
        },
        onError: options.onError,
      }),
  };
}
