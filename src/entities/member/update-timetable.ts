import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Slot } from '../../../contract/timetable';
import type { timetableUpdatedSchema } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from './keys';

/** PATCH /api/timetables: replaces the whole timetable (part of the member: /me and details show it). */
function updateTimetable(timeTableList: Slot[]): Promise<unknown> {
  return apiJson<z.infer<typeof timetableUpdatedSchema>>('/api/timetables', { method: 'patch', json: { timeTableList } });
}

export function useUpdateTimetable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimetable,
    // The my page shows no times, so it is left alone.
    onSuccess: () => invalidateKeys(queryClient, [memberKeys.me(), memberKeys.details()]),
  });
}
