import { logoutResultSchema } from '../../../contract/auth';
import { apiJson } from '../../lib/http';

/** POST /auth/logout (bearer + refresh cookie): the server revokes the refresh-token family. */
export function logOut(): Promise<unknown> {
  return apiJson('/auth/logout', { method: 'post' }, logoutResultSchema);
}
