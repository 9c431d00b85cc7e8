import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const inline = style({
  margin: 0,
  padding: `${vars.space.md} 0`,
  fontSize: vars.font.sm,
  lineHeight: vars.font.lineBase,
  color: vars.color.textSub,
});
