import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/http';
import { exploreKeys } from './keys';

const namedSchema = z.array(z.object({ id: z.number(), name: z.string() }));
export type Named = z.infer<typeof namedSchema>[number];

/** GET /api/colleges */
export function fetchColleges(): Promise<Named[]> {
  return apiJson('/api/colleges', {}, namedSchema);
}

export const collegesQueryOptions = () => queryOptions({ queryKey: exploreKeys.colleges(), queryFn: fetchColleges, staleTime: 60 * 60 * 1000 });

export function useColleges(enabled = true) {
  return useQuery({ ...collegesQueryOptions(), enabled });
}
