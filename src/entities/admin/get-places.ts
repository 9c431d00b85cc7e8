import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { campusPlacesSchema, CampusPlaces } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/universities/{id}/places — the campus places, in the meetup suggestions' order. */
function getPlaces(universityId: number): Promise<CampusPlaces> {
  return apiJson<z.infer<typeof campusPlacesSchema>>(`/api/admin/universities/${universityId}/places`, {});
}

const placesQueryOptions = (universityId: number) =>
  queryOptions({ queryKey: adminKeys.places(universityId), queryFn: () => getPlaces(universityId), meta: ADMIN_QUERY_META });

export function usePlaces(universityId: number) {
  return useQuery(placesQueryOptions(universityId));
}
