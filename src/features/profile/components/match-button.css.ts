import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const bar = style({
  position: 'fixed',
  left: '50%',
  bottom: 0,
  zIndex: vars.z.fixedAction,
  width: '100%',
  maxWidth: vars.size.maxWidth,
  transform: 'translateX(-50%)',
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.md} + env(safe-area-inset-bottom))`,
  background: vars.color.bg,
  boxShadow: vars.shadow.tabBar,
});

export const note = style({
  marginTop: vars.space.xs,
  color: vars.color.textSub,
  fontSize: vars.font.xs,
  textAlign: 'center',
});
