import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const hero = style({ position: 'relative', color: vars.color.white });

export const viewport = style({ overflow: 'hidden' });

export const container = style({ display: 'flex', touchAction: 'pan-y pinch-zoom' });

export const slide = style({
  position: 'relative',
  flex: '0 0 100%',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  minHeight: vars.size.hero,
  padding: `calc(${vars.size.header} + ${vars.space.xxl}) ${vars.space.xxl} ${vars.space.huge}`,
  overflow: 'hidden',
});

// Three warm gradients, each dark enough at the bottom for white text (≥ 4.5:1).
export const background = styleVariants({
  0: { background: vars.color.brandGradient },
  1: { background: 'linear-gradient(200deg, #E8590C 0%, #C2410C 50%, #9A3412 100%)' },
  2: { background: 'linear-gradient(140deg, #D9480F 0%, #B93C0A 55%, #7C2D12 100%)' },
});

export const art = style({
  position: 'absolute',
  top: vars.space.huge,
  right: 0,
  width: '60%',
  maxWidth: '260px',
  pointerEvents: 'none',
});

export const text = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const university = style({
  fontSize: vars.font.md,
  fontWeight: vars.font.medium,
  color: vars.color.white,
  minHeight: '1.5em',
});

export const title = style({
  fontSize: vars.font.hero,
  fontWeight: vars.font.bold,
  lineHeight: vars.font.lineTight,
  letterSpacing: '-0.02em',
});

export const slogan = style({ fontSize: vars.font.md, color: vars.color.white, whiteSpace: 'pre-line' });

export const dots = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: vars.space.lg,
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.xs,
});

const dotBase = {
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.pill,
  transition: `width ${vars.motion.fast} ${vars.motion.ease}`,
} as const;

export const dot = style({ ...dotBase, background: vars.color.whiteFaint });
export const dotActive = style({ ...dotBase, width: '18px', background: vars.color.white });
