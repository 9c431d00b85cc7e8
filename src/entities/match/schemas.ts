import type { z } from 'zod';
import type { matchedUserSchema, matchItemSchema, matchPageSchema } from '../../../contract/matches';

type Item = z.infer<typeof matchItemSchema>;
type MatchedUser = z.infer<typeof matchedUserSchema>;

/** The contract's match page; interest names are codes, and unknown ones are shown raw (types only, decision 0022). */
export type MatchPage = Omit<z.infer<typeof matchPageSchema>, 'data'> & {
  data: (Omit<Item, 'matchedUser'> & { matchedUser: Omit<MatchedUser, 'userInterests'> & { userInterests: { id: number; interestName: string }[] } })[];
};
