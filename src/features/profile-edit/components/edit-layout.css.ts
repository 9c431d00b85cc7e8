import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  padding: `${vars.space.lg} ${vars.space.xl} calc(${vars.size.button} + ${vars.space.huge})`,
});

export const heading = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, lineHeight: vars.font.lineTight });

export const sub = style({ marginTop: vars.space.sm, fontSize: vars.font.sm, color: vars.color.textWeak });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl, marginTop: vars.space.xxl });

export const error = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.huge} 0`,
  color: vars.color.textSub,
});

// Same fixed bottom action as the wizard, above the page's bottom padding (no tab bar here).
export const footer = style({
  position: 'fixed',
  bottom: 0,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.fixedAction,
  width: '100%',
  maxWidth: vars.size.maxWidth,
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.xl} + env(safe-area-inset-bottom))`,
  background: `linear-gradient(to top, ${vars.color.bg} 75%, ${vars.color.transparent})`,
});
