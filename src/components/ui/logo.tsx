import * as styles from './logo.css';

interface LogoMarkProps {
  size?: 'sm' | 'md' | 'lg';
  animated?: boolean;
  /** `inverse`: white tile for brand-coloured backgrounds. */
  tone?: 'brand' | 'inverse';
  /** Accessible name; omit when a neighbouring text already names it. */
  label?: string;
}

/** The 런치챗 mark: a speech bubble holding a steaming rice bowl (public/favicon.svg is its static copy). */
export function LogoMark({ size = 'md', animated = false, tone = 'brand', label }: LogoMarkProps) {
  const className = [styles.mark, styles.size[size], animated ? styles.animated : ''].join(' ');
  const colors = styles.tones[tone];
  const steamClass = [colors.inkStroke, animated ? styles.steamLine : ''].join(' ');
  const lateSteamClass = [steamClass, animated ? styles.steamLate : ''].join(' ');
  return (
    <svg
      className={className}
      viewBox="0 0 120 120"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect className={colors.tile} width="120" height="120" rx="30" />
      <path d="M32 26h56a16 16 0 0 1 16 16v28a16 16 0 0 1-16 16H56l-18 14v-14h-6a16 16 0 0 1-16-16V42a16 16 0 0 1 16-16Z" className={colors.bubble} />
      <path className={colors.ink} d="M40 56h40a20 20 0 0 1-40 0Z" />
      <path className={colors.inkStroke} d="M36 56h48" strokeWidth="4" strokeLinecap="round" />
      <path className={steamClass} d="M53 47c-3-3 3-6 0-10" strokeWidth="3.5" strokeLinecap="round" />
      <path className={lateSteamClass} d="M67 47c-3-3 3-6 0-10" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
