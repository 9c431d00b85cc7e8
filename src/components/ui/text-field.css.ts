import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { fieldBox } from './pieces.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const labelRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: vars.size.icon });

export const label = style({ fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const input = style({
  ...fieldBox,
  fontSize: vars.font.md,
  selectors: {
    '&::placeholder': { color: vars.color.textWeak },
    '&:focus': { outline: 'none', borderColor: vars.color.brand },
  },
});

export const hint = style({ fontSize: vars.font.sm, color: vars.color.textWeak });
