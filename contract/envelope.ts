import { z } from 'zod';
import { type ERROR_CODES } from './envelope-values';
// The plain values (no zod) live in ./envelope-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { ERROR_CODES } from './envelope-values';

/** Contract section 1: every JSON response is wrapped. */
export interface Envelope<T = unknown> {
  isSuccess: boolean;
  code: string;
  message: string;
  result?: T;
}

const envelopeBase = { isSuccess: z.boolean(), code: z.string(), message: z.string() };

/** The wrapper around a success `result` (contract section 1): `envelopeSchema(memberCardSchema.array())`. */
export const envelopeSchema = <T extends z.ZodType>(result: T) => z.object({ ...envelopeBase, result });

/** A success without `result` (e.g. PATCH /api/members/fcm-token, PATCH /api/chatrooms/{roomId}). */
export const emptyEnvelopeSchema = z.object(envelopeBase);

/** Every failure: `result` is the field → Korean message map of a COMMON400, absent otherwise. */
export const errorEnvelopeSchema = z.object({ ...envelopeBase, result: z.record(z.string(), z.string()).optional() });

export const SUCCESS_CODE = 'COMMON200';
export const SUCCESS_MESSAGE = '성공입니다.';

export type ErrorCode = keyof typeof ERROR_CODES;
