import { useMatches, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useBackOverrideHandler } from '../../lib/back-override';
import { useNavigationHidden } from '../../lib/navigation-visibility';
import type { PageMeta } from '../../lib/route-meta';
import { allowsUnfinishedSignUp, isPublicPath } from '../../lib/router-context';
import { useAuthToken, useSignUpPending } from '../../lib/use-auth-token';
import { Header } from '../ui/header';
import { TabBar, type TabPath } from '../ui/tab-bar';
import * as styles from './app-shell.css';
import { Toaster } from '../ui/toast';
import { OfflineBanner } from './offline-banner';
import { UpdateToast } from './update-toast';

/** The deepest matched route's `staticData.page` wins. */
function usePageMeta(): PageMeta {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const page = matches[index]?.staticData.page;
    if (page) return page;
  }
  return {};
}

/** Spec "App shell": auth gate, header, page padding, bottom tabs (with their badges), scroll reset. */
export function AppShell({
  children,
  tabBadges,
  alarmUnread,
}: {
  children: ReactNode;
  tabBadges?: Partial<Record<TabPath, number>>;
  /** The header bell's dot. */
  alarmUnread?: boolean;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const meta = usePageMeta();
  const token = useAuthToken();
  const navigate = useNavigate();
  const router = useRouter();
  const navigationHidden = useNavigationHidden();
  const stepBack = useBackOverrideHandler();
  const signedOut = !token && !isPublicPath(pathname);
  // A member call answered that sign-up is not finished (AUTH_403_SIGNUP), on a screen already open.
  const signUpUnfinished = useSignUpPending() && !allowsUnfinishedSignUp(pathname);

  // The token can vanish at any time (logout, failed refresh, another tab): leave the page.
  useEffect(() => {
    if (signedOut) void navigate({ to: '/onboarding', replace: true });
  }, [signedOut, navigate]);

  // Empty screens that say nothing are all such a member would see: the wizard instead.
  useEffect(() => {
    if (signUpUnfinished) void navigate({ to: '/onboarding/profile', replace: true });
  }, [signUpUnfinished, navigate]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const back = () => {
    if (meta.myPage) void navigate({ to: '/my' });
    else if (stepBack) stepBack();
    else if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/' });
  };

  if (signedOut || signUpUnfinished) return null;
  const layout = meta.layout ?? (meta.headerHidden ? 'bare' : 'page');
  return (
    <div className={meta.wide ? styles.wideFrame : styles.frame}>
      <OfflineBanner />
      {meta.headerHidden ? null : (
        <Header
          title={meta.title}
          // Tab roots are top-level places: the tab bar is the way out.
          onBack={meta.title !== undefined && !meta.tabBar ? back : undefined}
          transparentUntilScrolled={meta.transparentHeader}
          alarmUnread={alarmUnread}
        />
      )}
      <main className={styles.content[layout]}>{children}</main>
      {meta.tabBar && !navigationHidden ? <TabBar pathname={pathname} badges={tabBadges} /> : null}
      <UpdateToast />
      <Toaster />
    </div>
  );
}
