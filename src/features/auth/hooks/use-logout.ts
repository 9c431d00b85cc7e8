import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logOut } from '../../../entities/session';
import { endSession } from '../../../lib/auth';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logOut,
    onError: (error) => console.error('logout failed', error),
    // Signed out locally even if the call failed (offline): a shared phone must not stay signed in.
    onSettled: async () => {
      endSession();
      queryClient.clear();
      await navigate({ to: '/onboarding', replace: true });
    },
  });
}
