import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const tablist = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  borderBottom: `1px solid ${vars.color.line}`,
});

const tabBase = {
  minHeight: vars.size.touch,
  border: 'none',
  borderBottom: '2px solid transparent',
  background: vars.color.transparent,
  fontSize: vars.font.sm,
  cursor: 'pointer',
} as const;

export const tab = style({
  ...tabBase,
  color: vars.color.textWeak,
  fontWeight: vars.font.medium,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

export const tabActive = style({
  ...tabBase,
  borderBottomColor: vars.color.text,
  color: vars.color.text,
  fontWeight: vars.font.bold,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

export const message = style({
  padding: `${vars.space.huge} 0`,
  textAlign: 'center',
  fontSize: vars.font.sm,
  color: vars.color.textSub,
});

export const panel = style({ padding: `0 ${vars.space.xl}` });

/**
 * A card with what is under it (expiry, 거절 / 수락, 요청 취소, 약속 잡기). The card fills its
 * height to line up with its row (`height: 100%`); in a grid cell that height is the first track
 * (what the row leaves), not the whole cell, so the card no longer grows by the actions' height and
 * pushes them into the row below.
 */
export const cell = style({ display: 'grid', gridTemplateRows: '1fr', gridAutoRows: 'auto' });
