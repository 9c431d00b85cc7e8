import { style } from '@vanilla-extract/css';
import { pinnedBar } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

export const bar = style(pinnedBar);

export const note = style({
  marginTop: vars.space.xs,
  color: vars.color.textSub,
  fontSize: vars.font.xs,
  textAlign: 'center',
});
