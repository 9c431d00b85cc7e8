import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { campusPlacesSchema, CampusPlaces } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { adminKeys } from './keys';

/** PUT /api/admin/universities/{id}/places { places } — replaces the list; answers the saved one. */
function savePlaces({ universityId, places }: { universityId: number; places: string[] }): Promise<CampusPlaces> {
  return apiJson<z.infer<typeof campusPlacesSchema>>(`/api/admin/universities/${universityId}/places`, { method: 'put', json: { places } });
}

export function useSavePlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlaces,
    // The answer is the stored list (trimmed, in order): the cache takes it as it is.
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.places(saved.universityId), saved),
  });
}
