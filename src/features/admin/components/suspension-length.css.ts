import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, border: 'none', padding: 0, margin: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontSize: vars.font.xs, color: vars.color.textSub, fontWeight: vars.font.medium });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** One length, a pill the size of a finger; the chosen one in the brand colour. */
export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.bg,
  fontSize: vars.font.sm,
  fontWeight: vars.font.medium,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brandStrong, background: vars.color.brandSoft, color: vars.color.brandStrong },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ accentColor: vars.color.brandStrong, width: vars.size.iconSm, height: vars.size.iconSm, margin: 0 });

export const hint = style({ margin: 0, color: vars.color.textSub, fontSize: vars.font.xs });
