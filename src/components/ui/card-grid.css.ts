import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** Two member cards per row (three from 480 px), used by explore and matching. */
export const cardGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
