import { useMutation, useMutationState, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from './http';

/**
 * Match request / accept survive being offline and a reload: the mutations are keyed, their
 * functions registered as defaults (so a restored paused mutation knows what to run), paused
 * mutations are persisted with the query cache and resumed after restore (query-persistence.ts).
 *
 * A screen uses `useRequestMatch()` / `useAcceptMatch()` to send, and
 * `useMatchMutationState(memberId)` to show a pending one (also one restored after a reload).
 */
export const matchMutationKeys = {
  request: ['matches', 'request'] as const,
  accept: ['matches', 'accept'] as const,
};

/** POST /api/matches { toMemberId } */
export const requestMatch = (toMemberId: number) => apiJson('/api/matches', { method: 'post', json: { toMemberId } });
/** PATCH /api/matches/accept/{otherMemberId} */
export const acceptMatch = (otherMemberId: number) => apiJson(`/api/matches/accept/${otherMemberId}`, { method: 'patch' });

/** Keys a match changes: the match lists and the member views showing matchStatus and counters. */
const CHANGED_KEYS = [['matches'], ['member'], ['members'], ['profile'], ['notifications']] as const;

export function registerOfflineMutations(queryClient: QueryClient): void {
  const onSettled = () => Promise.all(CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))).then(() => undefined);
  // Only a network failure (the connection dropped mid-request) retries, and pauses if now
  // offline; an answer from the server is final (the screen reverts and alerts).
  const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;
  queryClient.setMutationDefaults(matchMutationKeys.request, { mutationFn: requestMatch, onSettled, retry });
  queryClient.setMutationDefaults(matchMutationKeys.accept, { mutationFn: acceptMatch, onSettled, retry });
}

export function useRequestMatch() {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.request });
}

export function useAcceptMatch() {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.accept });
}

export interface MatchMutationState {
  /** A request to this member is on its way (or waiting for the network). */
  requesting: boolean;
  /** Accepting this member's request is on its way (or waiting for the network). */
  accepting: boolean;
  /** Waiting for the network: show "오프라인 — 연결되면 보낼게요". */
  offline: boolean;
}

/** Pending request/accept for one member, including mutations restored after a reload. */
export function useMatchMutationState(memberId: number): MatchMutationState {
  const pending = useMutationState({
    filters: { mutationKey: ['matches'], status: 'pending', predicate: (m) => m.state.variables === memberId },
    select: (m) => ({ key: m.options.mutationKey?.[1], paused: m.state.isPaused }),
  });
  return {
    requesting: pending.some((m) => m.key === 'request'),
    accepting: pending.some((m) => m.key === 'accept'),
    offline: pending.some((m) => m.paused),
  };
}
