import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// A strip across the top of the screen, one line high, that the header and the content move down
// by (`vars.size.offlineInset`): a pill floating over the content hid the tabs and buttons under it.
export const offline = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: vars.z.header,
  height: vars.size.offlineBar,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.text,
  color: vars.color.white,
  fontSize: vars.font.sm,
  lineHeight: vars.size.offlineBar,
  textAlign: 'center',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
