import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '../../../../contract/auth';
import { apiJson } from '../../../lib/http';

/** PATCH /auth/signUp/lunchChat — finishes sign-up (bearer). */
export function signUp(body: SignUpBody): Promise<unknown> {
  return apiJson('/auth/signUp/lunchChat', { method: 'patch', json: body });
}

/** The caller decides what to invalidate: sign-up changes the member's own data. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
