import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xl,
  minHeight: '100dvh',
  padding: vars.space.xxl,
  background: vars.color.brandGradient,
  color: vars.color.white,
  textAlign: 'center',
  transition: `opacity ${vars.motion.step} ease-out`,
});

export const fading = style({ opacity: 0 });

export const brand = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md });

export const university = style({ fontSize: vars.font.lg, fontWeight: vars.font.medium, color: vars.color.white });

export const product = style({ fontSize: vars.font.hero, fontWeight: vars.font.bold, letterSpacing: '-0.02em' });

export const welcome = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold });

export const tagline = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold, fontStyle: 'italic' });

export const text = style({ fontSize: vars.font.md, color: vars.color.white, whiteSpace: 'pre-line' });

export const stage = style({
  opacity: 0,
  transform: 'translateY(8px)',
  transition: `opacity ${vars.motion.step} ${vars.motion.ease}, transform ${vars.motion.step} ${vars.motion.ease}`,
});

export const shown = style({ opacity: 1, transform: 'none' });
