import { z } from 'zod';

export const pageMetaSchema = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
  hasNext: z.boolean(),
});

/** contract `MatchPage`. Interest names are codes; unknown ones are shown raw. */
export const matchPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      matchedUser: z.object({
        id: z.number(),
        memberName: z.string(),
        studentNo: z.string().nullish(),
        department: z.string(),
        profileImageUrl: z.string().nullable(),
        userKeywords: z.array(z.object({ id: z.number(), keywordName: z.string() })),
        userInterests: z.array(z.object({ id: z.number(), interestName: z.string() })),
      }),
    }),
  ),
  meta: pageMetaSchema,
});
export type MatchPage = z.infer<typeof matchPageSchema>;
