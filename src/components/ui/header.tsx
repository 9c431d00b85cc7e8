import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import * as styles from './header.css';
import { BackIcon, BellIcon } from './icons';
import { LogoMark } from './logo';

export function BackButton({ onClick, label = '뒤로 가기' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} onClick={onClick}>
      <BackIcon />
    </button>
  );
}

function useScrolled(enabled: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setScrolled(window.scrollY > 0);
    // Read after the next paint, when the layout is computed anyway: read inside React's commit,
    // or in a requestAnimationFrame callback (which runs before that frame's layout), scrollY
    // forced a layout of the freshly mounted screen inside a start-up long task (Lighthouse's
    // forced-reflow insight: ~65 ms on its simulated phone).
    const cancel = afterNextPaint(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancel();
      window.removeEventListener('scroll', update);
    };
  }, [enabled]);
  return scrolled;
}

interface HeaderProps {
  /** With a title: back button + title. Without: logo (to /) and bell (to /alarm). */
  title?: string;
  onBack?: () => void;
  /** Transparent over the page top, white with a shadow once the page scrolls. */
  transparentUntilScrolled?: boolean;
  /** A dot on the bell: a notification not read yet. */
  alarmUnread?: boolean;
}

/** Spec "Header": fixed, 64 px, at most 480 px wide. */
export function Header({ title, onBack, transparentUntilScrolled = false, alarmUnread = false }: HeaderProps) {
  const scrolled = useScrolled(transparentUntilScrolled);
  const className = [styles.header, transparentUntilScrolled ? styles.transparent : '', transparentUntilScrolled && scrolled ? styles.scrolled : ''].join(' ');

  if (title !== undefined) {
    return (
      <header className={className}>
        {onBack ? <BackButton onClick={onBack} /> : <span />}
        {/* An empty title (edit pages) keeps the back button but leaves no blank heading. */}
        {title ? <h1 className={styles.title}>{title}</h1> : null}
      </header>
    );
  }
  return (
    <header className={className}>
      <Link to="/" className={styles.logoLink} aria-label="런치챗 홈">
        <LogoMark size="sm" />
        <span className={styles.logoText} aria-hidden="true">
          런치챗
        </span>
      </Link>
      <Link to="/alarm" className={[styles.iconButton, styles.end].join(' ')} aria-label={alarmUnread ? '알림, 새 알림 있음' : '알림'}>
        <BellIcon />
        {alarmUnread ? <span className={styles.dot} aria-hidden="true" /> : null}
      </Link>
    </header>
  );
}
