import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const section = style({ padding: `${vars.space.xxl} 0 0` });

export const title = style({
  padding: `0 ${vars.space.xl}`,
  marginBottom: vars.space.md,
  fontSize: vars.font.lg,
  fontWeight: vars.font.bold,
});

export const viewport = style({ overflow: 'hidden', padding: `0 ${vars.space.xl}` });

export const container = style({
  display: 'flex',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  touchAction: 'pan-y pinch-zoom',
});

// Two cards per view, three from 480 px, with the 16 px gaps taken out.
export const slide = style({
  flex: `0 0 calc((100% - ${vars.space.lg}) / 2)`,
  minWidth: 0,
  '@media': {
    'screen and (min-width: 480px)': { flex: `0 0 calc((100% - 2 * ${vars.space.lg}) / 3)` },
  },
});

// Held while the section loads: two cards' height, so the sections below stay where they are.
export const hold = style({
  height: vars.size.memberCardHold,
  margin: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bgSoft,
});
