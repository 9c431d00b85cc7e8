import type { z } from 'zod';
import type { logoutResultSchema } from '../../../contract/auth';
import { apiJson } from '../../lib/http';

/** POST /auth/logout (bearer + refresh cookie): the server revokes the refresh-token family. */
export function logOut(): Promise<unknown> {
  return apiJson<z.infer<typeof logoutResultSchema>>('/auth/logout', { method: 'post' });
}
