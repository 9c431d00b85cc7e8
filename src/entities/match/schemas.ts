import { z } from 'zod';
import { matchedUserSchema, matchItemSchema, matchPageSchema as contractMatchPageSchema } from '../../../contract/matches';

/** The contract's match page; interest names are codes, and unknown ones are shown raw. */
export const matchPageSchema = contractMatchPageSchema.extend({
  data: z.array(
    matchItemSchema.extend({
      matchedUser: matchedUserSchema.extend({ userInterests: z.array(z.object({ id: z.number(), interestName: z.string() })) }),
    }),
  ),
});
export type MatchPage = z.infer<typeof matchPageSchema>;
