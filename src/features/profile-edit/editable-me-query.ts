import { queryOptions, useQuery } from '@tanstack/react-query';
import { knownInterests, meQueryOptions, type Me } from '../../entities/member';

/** What the tag and time editors start from, out of the member entity's one `/me` entry. */
const toEditable = (me: Me) => ({ memberName: me.memberName, userInterests: knownInterests(me.userInterests), timeTables: me.timeTables });

// Fetched again on every visit: an editor must start from what is stored now.
const editableMeQueryOptions = () => queryOptions({ ...meQueryOptions(), staleTime: 0, select: toEditable });

export function useEditableMe() {
  return useQuery(editableMeQueryOptions());
}
