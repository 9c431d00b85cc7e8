import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const labelRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: vars.size.icon });

export const label = style({ fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const input = style({
  width: '100%',
  minHeight: vars.size.button,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  fontSize: vars.font.md,
  selectors: {
    '&::placeholder': { color: vars.color.textWeak },
    '&:focus': { outline: 'none', borderColor: vars.color.brand },
  },
});

export const hint = style({ fontSize: vars.font.sm, color: vars.color.textWeak });
