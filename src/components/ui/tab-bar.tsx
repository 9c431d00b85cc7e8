import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { ChatIcon, ExploreIcon, HomeIcon, MatchingIcon, MyIcon } from './icons';
import * as styles from './tab-bar.css';

export type TabPath = '/' | '/chatting' | '/explore' | '/matching' | '/my';

const TABS: readonly { to: TabPath; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { to: '/', label: '홈', Icon: HomeIcon },
  { to: '/chatting', label: '채팅', Icon: ChatIcon },
  { to: '/explore', label: '둘러보기', Icon: ExploreIcon },
  { to: '/matching', label: '매칭', Icon: MatchingIcon },
  { to: '/my', label: '마이', Icon: MyIcon },
];

function isActive(tab: TabPath, pathname: string): boolean {
  if (tab === '/') return pathname === '/';
  return pathname === tab || pathname.startsWith(`${tab}/`);
}

/** Fixed bottom navigation: active tab black, the others grey; a count badge where one is given. */
export function TabBar({ pathname, badges = {} }: { pathname: string; badges?: Partial<Record<TabPath, number>> }) {
  return (
    <nav className={styles.bar} aria-label="주요 메뉴">
      <ul className={styles.list}>
        {TABS.map(({ to, label, Icon }) => {
          const active = isActive(to, pathname);
          const count = badges[to] ?? 0;
          return (
            <li key={to}>
              <Link
                to={to}
                className={styles.link}
                aria-current={active ? 'page' : undefined}
                activeOptions={{ exact: to === '/', includeSearch: false }}
                activeProps={{}}
              >
                <span className={styles.iconSlot}>
                  <Icon />
                  {count > 0 ? (
                    <span className={styles.badge} data-testid={`tab-badge-${label}`} aria-label={`안 읽은 메시지 ${count}개`}>
                      {count > 99 ? '99+' : count}
                    </span>
                  ) : null}
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
