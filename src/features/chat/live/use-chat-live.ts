import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { unreadCountQueryOptions } from '../../../entities/chat-room';
import { whenIdleAfterPaint } from '../../../lib/after-paint';

type BadgeNavigator = Navigator & { setAppBadge?(count?: number): Promise<void>; clearAppBadge?(): Promise<void> };

/** The installed app's icon shows the unread count (feature-detected; cleared at zero). */
function showAppBadge(count: number): void {
  const nav = navigator as BadgeNavigator;
  if (typeof nav.setAppBadge !== 'function') return;
  const done = count > 0 ? nav.setAppBadge(count) : (nav.clearAppBadge?.() ?? nav.setAppBadge(0));
  done.catch(() => undefined);
}

/**
 * For the app's root while signed in: starts the app-wide chat connection (loaded on demand, so the
 * chat code stays out of the first screen's bundle; once the first screen has painted and the
 * browser is idle, at most a second later, so loading it is not part of the start-up's long tasks:
 * decision 0024; the badge's count is fetched at once) and returns the unread total for the 채팅 tab:
 * the server's count over all rooms (GET /api/chatrooms/unread, kept live by `event:room`), not a
 * sum over however many list pages happen to be loaded.
 */
export function useChatLive(signedIn: boolean): number {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    if (!signedIn) return undefined;
    let cancelled = false;
    let release: (() => void) | undefined;
    let forgetShower: (() => void) | undefined;
    const cancelStart = whenIdleAfterPaint(() => {
      void import('./app-chat').then(({ acquireAppChat, setRoomShower }) => {
        if (cancelled) return;
        // Another room's toast opens that room, as the chat list's row does (friend in router state).
        setRoomShower((roomId, friend) => void router.navigate({ to: '/chatting/$id', params: { id: roomId }, state: { chatFriend: friend } }));
        forgetShower = () => setRoomShower(undefined);
        release = acquireAppChat(queryClient).release;
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      forgetShower?.();
      release?.();
    };
  }, [signedIn, queryClient, router]);

  const unread = useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
  const total = signedIn ? (unread.data?.unreadCount ?? 0) : 0;
  useEffect(() => showAppBadge(total), [total]);
  return total;
}
