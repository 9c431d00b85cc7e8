import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '100dvh',
  background: vars.color.bg,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
});
