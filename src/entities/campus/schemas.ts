import { z } from 'zod';

/** contract `College` / `Department`. */
export const namedSchema = z.object({ id: z.number(), name: z.string() });
export type Named = z.infer<typeof namedSchema>;
