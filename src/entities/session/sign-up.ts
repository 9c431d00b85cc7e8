import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { signUpResultSchema, SignUpBody } from '../../../contract/auth';
import { clearSignUpPending } from '../../lib/auth';
import { apiJson } from '../../lib/http';
// Sign-up writes the member's own data (name, department, tags, timetable).
import { memberKeys } from '../member/keys';

/** PATCH /auth/signUp/lunchChat — finishes sign-up (bearer). */
function signUp(body: SignUpBody): Promise<unknown> {
  return apiJson<z.infer<typeof signUpResultSchema>>('/auth/signUp/lunchChat', { method: 'patch', json: body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => {
      // Before the wizard moves on: the app shell lets a finished member into the app.
      clearSignUpPending();
      // Not awaited: the wizard moves on at once, the member's views refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
