import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const toast = style({
  position: 'fixed',
  top: vars.space.md,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.toast,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: `calc(100% - ${vars.space.xxl})`,
  maxWidth: `calc(${vars.size.maxWidth} - ${vars.space.xxl})`,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.text,
  color: vars.color.white,
  boxShadow: vars.shadow.modal,
  fontSize: vars.font.sm,
});

export const text = style({ flex: 1 });
