import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** Set apart from the text above and the reason below (the modal's body has no gaps of its own). */
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  border: 'none',
  padding: 0,
  margin: `${vars.space.lg} 0`,
  minWidth: 0,
});

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontSize: vars.font.xs, color: vars.color.textSub, fontWeight: vars.font.medium });

/** The three lengths side by side, equal widths, even in the narrow dialog. */
export const options = style({ display: 'flex', gap: vars.space.sm });

/** One length, as tall as a finger; the chosen one in the brand colour. */
export const option = style({
  flex: '1 1 0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.text,
  whiteSpace: 'nowrap',
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
