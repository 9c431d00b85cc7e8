import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Just under the (fixed) header of every screen, above the content; it lets taps through.
export const offline = style({
  position: 'fixed',
  top: `calc(${vars.size.header} + ${vars.space.sm} + env(safe-area-inset-top, 0px))`,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.dropdown,
  width: 'max-content',
  maxWidth: `calc(100% - ${vars.space.xxl})`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.text,
  color: vars.color.white,
  boxShadow: vars.shadow.card,
  fontSize: vars.font.sm,
  textAlign: 'center',
  pointerEvents: 'none',
});

export const prompt = style({
  position: 'fixed',
  left: '50%',
  bottom: `calc(${vars.size.tabBar} + ${vars.space.md} + env(safe-area-inset-bottom, 0px))`,
  transform: 'translateX(-50%)',
  zIndex: vars.z.fixedAction,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: `calc(100% - ${vars.space.xxl})`,
  maxWidth: `calc(${vars.size.maxWidth} - ${vars.space.xxl})`,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.line}`,
  fontSize: vars.font.sm,
});

export const promptText = style({ flex: 1, minWidth: 0 });
