import { style } from '@vanilla-extract/css';
import { backdrop as modalBackdrop } from '../../../components/ui/modal.css';
import { vars } from '../../../styles/theme.css';

/** The dimmed screen behind the menu: the app's modal one (the menu sits in its middle, as KakaoTalk's long-press list). */
export const backdrop = style([modalBackdrop]);

export const panel = style({
  width: '100%',
  maxWidth: '280px',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  boxShadow: vars.shadow.modal,
});

/** The message itself, so the student sees which one the menu acts on. */
export const preview = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.line}`,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
  lineHeight: vars.font.lineBase,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  width: '100%',
  minHeight: vars.size.button,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  background: vars.color.transparent,
  textAlign: 'left',
  fontSize: vars.font.md,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.bgSoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});
