import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { centeredColumn } from '../../../components/ui/pieces.css';

export const root = style({
  ...centeredColumn,
  gap: vars.space.md,
  minHeight: '100dvh',
  background: vars.color.bg,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
});
