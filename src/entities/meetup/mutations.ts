import type { z } from 'zod';
import { useMutation, useMutationState, type QueryClient } from '@tanstack/react-query';
import type { meetupSchema, ComplimentCode, Meetup, MeetupCreateBody } from '../../../contract/meetups';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { meetupKeys } from './keys';
// A meetup answer writes a notification for the other member: the meetup entity may import that
// key factory (eslint.config.js edges).
import { notificationKeys } from '../notification/keys';

/**
 * Meetup writes (contract section 14). Confirm, decline, cancel and check-in survive being offline
 * and a reload exactly as match requests do (entities/match/match-mutations.ts): keyed mutations whose
 * functions are registered as defaults (`registerMeetupMutations`, called where the query client is
 * made), paused while offline, persisted with the cache and resumed once when back. A proposal
 * needs fresh suggestions and an answer (409 when one is open), so it is online only.
 */
export const meetupMutationKeys = {
  all: ['meetups'] as const,
  propose: ['meetups', 'propose'] as const,
  confirm: ['meetups', 'confirm'] as const,
  decline: ['meetups', 'decline'] as const,
  cancel: ['meetups', 'cancel'] as const,
  checkin: ['meetups', 'checkin'] as const,
};

export interface ProposeVariables extends MeetupCreateBody {
  matchId: number;
}
export interface CheckinVariables {
  meetupId: number;
  met: boolean;
  compliments: ComplimentCode[];
}

/** POST /api/matches/{matchId}/meetups */
const proposeMeetup = ({ matchId, ...body }: ProposeVariables) =>
  apiJson<z.infer<typeof meetupSchema>>(`/api/matches/${matchId}/meetups`, { method: 'post', json: body });
/** PATCH /api/meetups/{id}/confirm */
const confirmMeetup = (meetupId: number) => apiJson<z.infer<typeof meetupSchema>>(`/api/meetups/${meetupId}/confirm`, { method: 'patch' });
/** PATCH /api/meetups/{id}/decline */
const declineMeetup = (meetupId: number) => apiJson<z.infer<typeof meetupSchema>>(`/api/meetups/${meetupId}/decline`, { method: 'patch' });
/** PATCH /api/meetups/{id}/cancel */
const cancelMeetup = (meetupId: number) => apiJson<z.infer<typeof meetupSchema>>(`/api/meetups/${meetupId}/cancel`, { method: 'patch' });
/** POST /api/meetups/{id}/checkin */
const checkinMeetup = ({ meetupId, met, compliments }: CheckinVariables) =>
  apiJson<z.infer<typeof meetupSchema>>(`/api/meetups/${meetupId}/checkin`, { method: 'post', json: { met, compliments } });

export function registerMeetupMutations(queryClient: QueryClient): void {
  // A meetup changes the meetup lists (both scopes), the compliments and the notifications.
  // invalidateKeys does not wait offline: a proposal (tried even offline) must fail at once.
  const onSettled = () => invalidateKeys(queryClient, [meetupKeys.all, notificationKeys.all]);
  const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;
  queryClient.setMutationDefaults(meetupMutationKeys.propose, { mutationFn: proposeMeetup, onSettled });
  queryClient.setMutationDefaults(meetupMutationKeys.confirm, { mutationFn: confirmMeetup, onSettled, retry });
  queryClient.setMutationDefaults(meetupMutationKeys.decline, { mutationFn: declineMeetup, onSettled, retry });
  queryClient.setMutationDefaults(meetupMutationKeys.cancel, { mutationFn: cancelMeetup, onSettled, retry });
  queryClient.setMutationDefaults(meetupMutationKeys.checkin, { mutationFn: checkinMeetup, onSettled, retry });
}

/** Tried at once even offline (then it fails and the sheet says so): a proposal is never queued. */
export function useProposeMeetup() {
  return useMutation<Meetup, Error, ProposeVariables>({ mutationKey: meetupMutationKeys.propose, networkMode: 'always' });
}
export function useConfirmMeetup() {
  return useMutation<Meetup, Error, number>({ mutationKey: meetupMutationKeys.confirm });
}
export function useDeclineMeetup() {
  return useMutation<Meetup, Error, number>({ mutationKey: meetupMutationKeys.decline });
}
export function useCancelMeetup() {
  return useMutation<Meetup, Error, number>({ mutationKey: meetupMutationKeys.cancel });
}
export function useCheckinMeetup() {
  return useMutation<Meetup, Error, CheckinVariables>({ mutationKey: meetupMutationKeys.checkin });
}

export interface MeetupMutationState {
  /** Which action is on its way for this meetup (also one restored after a reload). */
  action: 'confirm' | 'decline' | 'cancel' | 'checkin' | null;
  /** Waiting for the network: "오프라인 — 연결되면 보낼게요". */
  offline: boolean;
}

export function useMeetupMutationState(meetupId: number): MeetupMutationState {
  const pending = useMutationState({
    filters: {
      mutationKey: meetupMutationKeys.all,
      status: 'pending',
      predicate: (m) => m.state.variables === meetupId || (m.state.variables as { meetupId?: number } | undefined)?.meetupId === meetupId,
    },
    select: (m) => ({ key: m.options.mutationKey?.[1] as MeetupMutationState['action'], paused: m.state.isPaused }),
  });
  return { action: pending[0]?.key ?? null, offline: pending.some((m) => m.paused) };
}
