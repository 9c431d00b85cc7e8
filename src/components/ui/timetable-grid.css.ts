import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const table = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  userSelect: 'none',
  WebkitUserSelect: 'none',
});

/**
 * Drag-to-toggle must not scroll or zoom the page under the finger. Only the cells get
 * `touch-action: none` (tiled without gaps), so a swipe that starts on the day or time labels
 * still scrolls the page — the grid is taller than a phone screen under the wizard's button.
 */
export const editable = style({});

export const row = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.button} repeat(5, minmax(0, 1fr))`,
});

export const columnHeader = style({
  paddingBottom: vars.space.xs,
  textAlign: 'center',
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  color: vars.color.textSub,
});

export const rowHeader = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  lineHeight: 1.2,
  fontSize: vars.font.xs,
  color: vars.color.textWeak,
  fontVariantNumeric: 'tabular-nums',
});

export const cell = style({
  display: 'flex',
  padding: vars.space.xxs,
  selectors: { [`${editable} &`]: { touchAction: 'none' } },
});

export const slot = style({
  width: '100%',
  height: vars.size.cell,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.cell,
  background: vars.color.cellIdle,
  transition: `background ${vars.motion.fast}`,
  selectors: {
    '&[aria-pressed="true"], &[data-selected="true"]': { background: vars.color.cellSelected },
  },
});
