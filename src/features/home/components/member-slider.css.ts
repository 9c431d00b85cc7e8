import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// Below the first screen on a phone: the browser skips laying out and painting a slider's cards
// until it comes near the viewport (the first layout of home was its longest start-up task after
// zod left, decision 0022). `auto` remembers the real height once it has been laid out.
export const section = style({
  padding: `${vars.space.xxl} 0 0`,
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${vars.size.memberCardHold}`,
});

export const title = style({
  padding: `0 ${vars.space.xl}`,
  marginBottom: vars.space.md,
  fontSize: vars.font.lg,
  fontWeight: vars.font.bold,
});

// Scrolls sideways by itself; a card stops at the start edge (the page's 20 px inset) when a
// swipe ends near one, and the last card ends at the same inset on the right.
export const scroller = style({
  display: 'flex',
  gap: vars.space.lg,
  margin: 0,
  padding: `0 ${vars.space.xl}`,
  listStyle: 'none',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x proximity',
  scrollPaddingInline: vars.space.xl,
  scrollbarWidth: 'none',
});

// Two cards per view, three from 480 px, with the 16 px gaps taken out.
export const slide = style({
  scrollSnapAlign: 'start',
  flex: `0 0 calc((100% - ${vars.space.lg}) / 2)`,
  minWidth: 0,
  '@media': {
    'screen and (min-width: 480px)': { flex: `0 0 calc((100% - 2 * ${vars.space.lg}) / 3)` },
  },
});

// Held while the section loads: two cards' height, so the sections below stay where they are.
export const pending = style({ padding: `0 ${vars.space.xl}` });

export const hold = style({
  height: vars.size.memberCardHold,
  borderRadius: vars.radius.lg,
  background: vars.color.bgSoft,
});
