import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const row = style({ display: 'flex', gap: vars.space.sm, marginTop: vars.space.sm });

export const grow = style({ flex: 1, padding: `0 ${vars.space.sm}` });

export const expires = style({
  marginTop: vars.space.sm,
  fontSize: vars.font.xs,
  color: vars.color.textSub,
  textAlign: 'center',
});
