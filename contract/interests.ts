import { z } from 'zod';
import { INTEREST_CODES, type InterestCode } from './interests-values';
// The plain values (no zod) live in ./interests-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { INTEREST_CODES, MAX_INTERESTS, interestId, type InterestCode } from './interests-values';

export const interestCodeSchema = z.enum(INTEREST_CODES);

/** GET /api/tags: every interest with its 1-based id. */
export const tagListSchema = z.object({ interests: z.array(z.object({ id: z.number().int(), interestType: interestCodeSchema })) });

/** Interests are stored as an 8-bit mask: bit (id - 1) set for each chosen interest. */
export function interestsToMask(codes: readonly InterestCode[]): number {
  let mask = 0;
  for (const code of codes) mask |= 1 << INTEREST_CODES.indexOf(code);
  return mask;
}

export function maskToInterests(mask: number): InterestCode[] {
  return INTEREST_CODES.filter((_, i) => (mask & (1 << i)) !== 0);
}
