import { Link } from '@tanstack/react-router';
import { MEETUP_NOTIFICATION_TYPES, OPERATOR_NOTIFICATION_TYPES } from '../../../../contract/notifications-values';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon, MyIcon } from '../../../components/ui/icons';
import { FirstLoad } from '../../../components/ui/first-load';
import { Spinner } from '../../../components/ui/spinner';
import { useMarkNotificationsRead, useNotifications, type Notification } from '../../../entities/notification';
import * as styles from './notification-list.css';
import { useInView } from '../../../lib/use-in-view';
import { useLogError } from '../../../lib/use-log-error';

/** Spec "Notifications": MATCH_ACCEPTED opens the completed tab, MATCH_EXPIRED the sent one, everything else the received one. */
export function notificationTab(type: string): 'ACCEPTED' | 'RECEIVED' | 'REQUESTED' {
  if (type === 'MATCH_EXPIRED') return 'REQUESTED';
  return type === 'MATCH_ACCEPTED' ? 'ACCEPTED' : 'RECEIVED';
}

/** Spec "Notifications (/alarm)": infinite list titled 런치챗 요청 알림. */
export function NotificationList() {
  const query = useNotifications();
  const sentinel = useRef<HTMLDivElement>(null);
  const sentinelVisible = useInView(sentinel, undefined, '200px');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useLogError('notifications', query.error);

  // Seen here means read: the newest unread id shown is reported once (what arrives later stays new).
  const newestUnread = query.data?.pages[0]?.notifications.find((n) => !n.isRead)?.id;
  const { mutate: markRead } = useMarkNotificationsRead();
  const reported = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newestUnread === undefined || (reported.current ?? 0) >= newestUnread) return;
    reported.current = newestUnread;
    markRead(newestUnread);
  }, [newestUnread, markRead]);

  useEffect(() => {
    if (sentinelVisible && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [sentinelVisible, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <section className={styles.root} aria-labelledby="alarm-heading">
      <h2 id="alarm-heading" className={styles.heading}>
        런치챗 요청 알림
      </h2>
      {query.isPending ? <FirstLoad query={query} /> : null}
      {query.isError && items.length === 0 ? (
        <p className={styles.error} role="alert">
          알림을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.
        </p>
      ) : null}
      {query.isSuccess && items.length === 0 ? <EmptyState icon={<BellIcon size={40} />} title="알림이 없어요" /> : null}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {isFetchingNextPage ? <Spinner label="알림을 더 불러오는 중이에요" /> : null}
      {query.isFetchNextPageError ? (
        <p className={styles.error} role="alert">
          알림을 더 불러오지 못했어요.
        </p>
      ) : null}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
    </section>
  );
}

function NotificationRow({ item }: { item: Notification }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // A report's outcome (section 16) comes from the operators: no member sent it, and it is all there is to read.
  if ((OPERATOR_NOTIFICATION_TYPES as readonly string[]).includes(item.type)) {
    return (
      <div className={styles.row} data-unread={item.isRead === false}>
        <span className={styles.avatar} aria-hidden="true">
          <BellIcon size={24} />
        </span>
        <RowText item={item} sender="런치챗 운영팀" shown />
      </div>
    );
  }
  const url = item.senderProfileImageUrl;
  const sender = item.senderMembername ?? '알 수 없는 사용자';
  return (
    <Link {...notificationTarget(item.type)} className={styles.row} data-unread={item.isRead === false}>
      {url && failedUrl !== url ? (
        <img className={styles.avatar} src={url} alt="" onError={() => setFailedUrl(url)} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          <MyIcon size={24} />
        </span>
      )}
      <RowText item={item} sender={sender} />
    </Link>
  );
}

/** The content and time; the sender is said to screen readers, or shown when it is not a member. */
function RowText({ item, sender, shown = false }: { item: Notification; sender: string; shown?: boolean }) {
  return (
    <span className={styles.body}>
      <span className={styles.content}>
        {item.isRead === false ? <span className={styles.visuallyHidden}>새 알림, </span> : null}
        {item.content}
      </span>
      <span className={styles.time}>
        <span className={shown ? undefined : styles.visuallyHidden}>{sender}, </span>
        {item.createdAt}
      </span>
    </span>
  );
}

/** Meetup notifications (contract section 14) open the meetups page, the others the matching tab. */
function notificationTarget(type: string) {
  // "만났나요?" names no meetup: the page opens the newest check-in still awaiting an answer, as the push does.
  if (type === 'MEETUP_CHECKIN') return { to: '/meetups' as const, search: { checkin: 'next' as const } };
  if ((MEETUP_NOTIFICATION_TYPES as readonly string[]).includes(type)) return { to: '/meetups' as const };
  return { to: '/matching' as const, search: { selectTab: notificationTab(type) } };
}
