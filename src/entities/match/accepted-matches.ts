import { matchMutation, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { matchMutationKeys } from './keys';
import type { AcceptedMember } from './match-mutations';

interface AcceptedMatch extends AcceptedMember {
  memberId: number;
}

/**
 * Accepts already announced. An accept is announced once per page life whoever listens (StrictMode
 * runs effects twice); finished mutations are not persisted, so a later reload never sees it again.
 */
const announced = new WeakSet<Mutation>();

const nullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** `meta.acceptedMember` as `useAcceptMatch` left it; read back from IndexedDB after a reload, so checked by hand (rule 4). */
function acceptedMatch(mutation: Mutation): AcceptedMatch | null {
  const memberId = mutation.state.variables;
  const member = mutation.meta?.acceptedMember;
  if (typeof memberId !== 'number' || typeof member !== 'object' || member === null) return null;
  const { memberName, department, imageUrl } = member as Record<string, unknown>;
  if (typeof memberName !== 'string' || !nullableString(department) || !nullableString(imageUrl)) return null;
  return { memberId, memberName, department, imageUrl };
}

/**
 * Calls `onAccepted` once for every accept made with a member (`useAcceptMatch(member)`) that the
 * server confirmed: the ones made now, and the ones made offline, restored after a reload and sent
 * then, when the screen that made them is gone. Such an accept may be sent before this mounts
 * (the cache is restored and resumed before the first render): finished mutations stay in the
 * cache for minutes, so those already done are announced on mount.
 */
export function useMatchesAccepted(onAccepted: (match: AcceptedMatch) => void): void {
  const queryClient = useQueryClient();
  const announce = useEffectEvent(onAccepted);
  useEffect(() => {
    const cache = queryClient.getMutationCache();
    const accepts = { mutationKey: matchMutationKeys.accept, exact: true, status: 'success' } as const;
    const take = (mutation: Mutation) => {
      if (announced.has(mutation) || !matchMutation(accepts, mutation)) return;
      const match = acceptedMatch(mutation);
      if (!match) return;
      announced.add(mutation);
      announce(match);
    };
    for (const mutation of cache.getAll()) take(mutation);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') take(event.mutation);
    });
  }, [queryClient]);
}
