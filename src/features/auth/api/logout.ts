import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { endSession } from '../../../lib/auth';
import { apiJson } from '../../../lib/http';

/** POST /auth/logout (bearer + refresh cookie): the server revokes the refresh-token family. */
export function logout(): Promise<unknown> {
  return apiJson('/auth/logout', { method: 'post' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('logout failed', error),
    // Signed out locally even if the call failed (offline): a shared phone must not stay signed in.
    onSettled: async () => {
      endSession();
      queryClient.clear();
      await navigate({ to: '/onboarding', replace: true });
    },
  });
}
