import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { belowHeader } from './pieces.css';

/** Top-right (spec "Global"), under the screen's header (`belowHeader`). */
export const region = style({
  position: 'fixed',
  top: belowHeader,
  right: vars.space.md,
  zIndex: vars.z.toast,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  width: `min(320px, calc(100% - ${vars.space.xxl}))`,
  pointerEvents: 'none',
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.text,
  color: vars.color.white,
  boxShadow: vars.shadow.modal,
  fontSize: vars.font.sm,
  lineHeight: vars.font.lineBase,
});

export const texts = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const title = style({ fontWeight: vars.font.bold });
export const body = style({ overflowWrap: 'anywhere' });

/** A toast that opens something: its text is one button, reset to look like the plain one. */
export const select = style([
  texts,
  {
    padding: 0,
    border: 'none',
    background: vars.color.transparent,
    color: 'inherit',
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${vars.color.white}`, outlineOffset: vars.space.xxs },
  },
]);

/** A message preview: one line, cut with an ellipsis (the room shows the rest). */
export const preview = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** The toast's own action (e.g. 채팅하기): a small outlined pill, the close button's height for the thumb. */
export const action = style({
  flex: 'none',
  alignSelf: 'center',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.white}`,
  background: vars.color.transparent,
  color: vars.color.white,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.white}`, outlineOffset: vars.space.xxs },
});

export const close = style({
  flex: 'none',
  minWidth: vars.size.touch,
  minHeight: vars.size.touch,
  margin: `calc(-1 * ${vars.space.md}) calc(-1 * ${vars.space.sm}) 0 0`,
  border: 'none',
  background: vars.color.transparent,
  color: vars.color.white,
  fontSize: vars.font.lg,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.white}`, outlineOffset: '-4px' },
});
