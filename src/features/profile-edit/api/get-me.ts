import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { interestCodeSchema } from '../../../../contract/interests';
import { slotSchema } from '../../../../contract/timetable';
import { apiJson } from '../../../lib/http';
import { profileEditKeys } from './keys';

const meSchema = z.object({
  memberName: z.string(),
  // Unknown codes cannot be picked in the topic picker, so they are dropped here.
  userInterests: z.array(z.string()).transform((codes) =>
    codes.flatMap((code) => {
      const parsed = interestCodeSchema.safeParse(code);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
  timeTables: z.array(slotSchema),
});
export type EditableMe = z.infer<typeof meSchema>;

/** GET /api/members/me: the starting point of the tag and time editors. */
export function fetchEditableMe(signal?: AbortSignal): Promise<EditableMe> {
  return apiJson('/api/members/me', { signal }, meSchema);
}

export const editableMeQueryOptions = () => queryOptions({ queryKey: profileEditKeys.me(), queryFn: ({ signal }) => fetchEditableMe(signal), staleTime: 0 });

export function useEditableMe() {
  return useQuery(editableMeQueryOptions());
}
