import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100dvh',
  padding: `${vars.space.huge} ${vars.space.xxl} ${vars.space.xxxl}`,
  background: vars.color.bg,
});

export const hero = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  textAlign: 'center',
});

export const name = style({ fontSize: vars.font.xxl, fontWeight: vars.font.bold, letterSpacing: '-0.02em' });

export const tagline = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, color: vars.color.brandStrong });

export const description = style({ fontSize: vars.font.md, color: vars.color.textSub, whiteSpace: 'pre-line' });

export const bottom = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md });

export const hint = style({ fontSize: vars.font.sm, color: vars.color.textWeak });

export const stage = style({
  opacity: 0,
  visibility: 'hidden',
  transform: 'translateY(8px)',
  transition: `opacity ${vars.motion.step} ${vars.motion.ease}, transform ${vars.motion.step} ${vars.motion.ease}`,
});

export const shown = style({ opacity: 1, visibility: 'visible', transform: 'none' });

/** Why the app signed out (a suspended account): shown at once, above the button. */
export const notice = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  color: vars.color.dangerStrong,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  textAlign: 'center',
});
