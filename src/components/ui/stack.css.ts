import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
  padding: vars.space.xl,
});
