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
