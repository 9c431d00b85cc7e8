import { useQueryClient } from '@tanstack/react-query';
import { useRequestMatch } from '../../../lib/offline-mutations';
import { profileKeys } from './keys';

/**
 * POST /api/matches {toMemberId}, through the keyed mutation of lib/offline-mutations (made
 * offline it waits, survives a reload and is sent later). `onChanged` lets the route refresh
 * other features' keys (match lists).
 */
export function useSendMatch(memberId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const mutation = useRequestMatch();
  return {
    isPending: mutation.isPending,
    mutate: (options: { onError?: (error: Error) => void } = {}) =>
      mutation.mutate(memberId, {
        onSuccess: () => {
          onChanged?.();
          void queryClient.invalidateQueries({ queryKey: profileKeys.detail(memberId) });
        },
        onError: options.onError,
      }),
  };
}
