import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { floatingBar } from '../ui/pieces.css';

export const toast = style({
  ...floatingBar,
  top: vars.space.md,
  zIndex: vars.z.toast,
  gap: vars.space.md,
  background: vars.color.text,
  color: vars.color.white,
  boxShadow: vars.shadow.modal,
});

export const text = style({ flex: 1 });
