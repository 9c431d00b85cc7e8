import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { belowHeader, floatingBar } from '../ui/pieces.css';

export const toast = style({
  ...floatingBar,
  // As the other toasts: 새로고침 waits for a tap, and over the header it hid back and the title meanwhile.
  top: belowHeader,
  zIndex: vars.z.toast,
  gap: vars.space.md,
  background: vars.color.text,
  color: vars.color.white,
  boxShadow: vars.shadow.modal,
});

export const text = style({ flex: 1 });
