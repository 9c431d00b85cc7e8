import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/shell/app-shell';
import { NotFound, RouteError } from '../components/shell/route-error';
// The hook file, not the feature's index: the rest of the chat feature stays in its lazy chunks.
import { useChatLive } from '../features/chat/live/use-chat-live';
import { useMatchedToast } from '../features/matching/use-matched-toast';
import { useHasUnreadNotifications } from '../entities/notification';
import { getAccessToken, isSignUpPending } from '../lib/auth';
import { useAuthToken } from '../lib/use-auth-token';
import { allowsUnfinishedSignUp, isPublicPath, type RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Auth gate before any loader runs: no stored token → the sign-in screen; sign-up not finished
  // (known without the network, lib/auth/sign-up-pending.ts) → the profile wizard, whose member
  // calls would all be refused.
  beforeLoad: ({ location }) => {
    if (!getAccessToken() && !isPublicPath(location.pathname)) {
      throw redirect({ to: '/onboarding', replace: true });
    }
    if (isSignUpPending() && !allowsUnfinishedSignUp(location.pathname)) {
      throw redirect({ to: '/onboarding/profile', replace: true });
    }
  },
  component: RootComponent,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});

function RootComponent() {
  // Signed in: the app-wide chat connection runs, and the 채팅 tab shows the unread total.
  const signedIn = Boolean(useAuthToken());
  const chatUnread = useChatLive(signedIn);
  const alarmUnread = useHasUnreadNotifications(signedIn);
  // "…님과 매칭됐어요!" for an accept sent now or after a reload, wherever the student is then.
  useMatchedToast();
  return (
    <AppShell tabBadges={{ '/chatting': chatUnread }} alarmUnread={alarmUnread}>
      <Outlet />
    </AppShell>
  );
}
