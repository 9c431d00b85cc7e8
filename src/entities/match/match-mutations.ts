import { useMutation, useMutationState, type QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
// A match changes member views (matchStatus, counters, explore leaves matched members out) and
// the notification list: the match entity may import these two key factories (DEVELOPERS.md),
// and reads the member's matchStatus when an accept is refused (below).
import { memberQueryOptions } from '../member/get-member';
import { memberKeys } from '../member/keys';
import type { MemberDetail } from '../member/schemas';
import { notificationKeys } from '../notification/keys';
import { acceptMatch } from './accept-match';
import { declineMatch } from './decline-match';
import { matchKeys, matchMutationKeys } from './keys';
import { requestMatch } from './request-match';
import { withdrawMatch } from './withdraw-match';

/** Every key a match request or acceptance changes, through the real key factories. */
const MATCH_CHANGES = [matchKeys.all, memberKeys.all, notificationKeys.all] as const;
/**
 * A decline or withdrawal notifies nobody: it changes one list (the request leaves it) and member
 * views (matchStatus, the 마이 page's counters). Even when refused (404: withdrawn meanwhile) the
 * list is refetched, so a request that is gone leaves the screen.
 */
const DECLINE_CHANGES = [matchKeys.list('RECEIVED'), memberKeys.all] as const;
const WITHDRAW_CHANGES = [matchKeys.list('REQUESTED'), memberKeys.all] as const;

/**
 * Match request / accept / decline / withdraw survive being offline and a reload: the mutations are keyed, their
 * functions registered as defaults (so a restored paused mutation knows what to run), paused
 * mutations are persisted with the query cache and resumed after restore (lib/query-persistence.ts).
 * Call before any restore.
 */
export function registerMatchMutations(queryClient: QueryClient): void {
  const onSettled = () => invalidateKeys(queryClient, MATCH_CHANGES);
  // Only a network failure (the connection dropped mid-request) retries, and pauses if now
  // offline; an answer from the server is final (the screen reverts and says why).
  const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;
  // The profile's button reads the member's cached matchStatus and nothing else, so whatever
  // changes it later (the refetch after this write, the other member's answer heard live) shows.
  const setStatus = (memberId: number, matchStatus: MemberDetail['matchStatus']) =>
    queryClient.setQueryData<MemberDetail>(memberKeys.detail(memberId), (old) => (old ? { ...old, matchStatus } : old));
  queryClient.setMutationDefaults(matchMutationKeys.request, {
    mutationFn: requestMatch,
    onMutate: async (memberId: number) => {
      await queryClient.cancelQueries({ queryKey: memberKeys.detail(memberId), exact: true });
      const before = queryClient.getQueryData<MemberDetail>(memberKeys.detail(memberId));
      setStatus(memberId, 'REQUESTED');
      return { before };
    },
    // Put back what was there; the refetch in onSettled then says what the server has (a request
    // the other member sent first, which made this one fail, shows as 수락하기).
    onError: (_error: Error, memberId: number, context: { before?: MemberDetail } | undefined) => {
      if (context?.before) queryClient.setQueryData(memberKeys.detail(memberId), context.before);
    },
    onSettled,
    retry,
  });
  // A first try may reach the server and its answer be lost (the connection dropped on the way
  // back): the retry, or the accept restored after a reload, is then refused as 이미 수락한 요청이에요
  // (400 MATCH_400, not REQUESTED any more). The member's status says whether that first try was the yes.
  const acceptOnce = async (memberId: number) => {
    try {
      return await acceptMatch(memberId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'MATCH_400')) throw error;
      const member = await queryClient.fetchQuery(memberQueryOptions(memberId)).catch(() => undefined);
      if (member?.matchStatus === 'ACCEPTED') return 'MATCH_ACCEPT_SUCCESS' as const;
      throw error;
    }
  };
  queryClient.setMutationDefaults(matchMutationKeys.accept, {
    mutationFn: acceptOnce,
    // The server said yes: 채팅하기 even before the refetch lands (or while it waits offline).
    onSuccess: (_result: unknown, memberId: number) => setStatus(memberId, 'ACCEPTED'),
    onSettled,
    retry,
  });
  queryClient.setMutationDefaults(matchMutationKeys.decline, {
    mutationFn: declineMatch,
    onSettled: () => invalidateKeys(queryClient, DECLINE_CHANGES),
    retry,
  });
  queryClient.setMutationDefaults(matchMutationKeys.withdraw, {
    mutationFn: withdrawMatch,
    onSettled: () => invalidateKeys(queryClient, WITHDRAW_CHANGES),
    retry,
  });
}

/** Sends a match request (variables: the member id); made offline it waits and survives a reload. */
export function useRequestMatch() {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.request });
}

/**
 * Whom an accept is for, as the screen that made it names them. Kept in the mutation's `meta`, which
 * is persisted with a paused mutation, so the match can still be announced when it is sent after a
 * reload and that screen is gone (accepted-matches.ts reads it back).
 */
export interface AcceptedMember {
  memberName: string;
  department: string | null;
  imageUrl: string | null;
}

/**
 * Accepts a member's request (variables: the member id); made offline it waits and survives a reload.
 * With `member`, the server's yes is announced (`useMatchesAccepted`), also after a reload.
 */
export function useAcceptMatch(member?: AcceptedMember) {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.accept, ...(member ? { meta: { acceptedMember: member } } : {}) });
}

/** Declines a member's request to me (variables: the member id), quietly: the member is not told. */
export function useDeclineMatch() {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.decline });
}

/** Withdraws my request to a member (variables: the member id), freeing a pending-quota slot. */
export function useWithdrawMatch() {
  return useMutation<unknown, Error, number>({ mutationKey: matchMutationKeys.withdraw });
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
    filters: { mutationKey: matchMutationKeys.all, status: 'pending', predicate: (m) => m.state.variables === memberId },
    select: (m) => ({ key: m.options.mutationKey?.[1], paused: m.state.isPaused }),
  });
  return {
    requesting: pending.some((m) => m.key === 'request'),
    accepting: pending.some((m) => m.key === 'accept'),
    offline: pending.some((m) => m.paused),
  };
}
