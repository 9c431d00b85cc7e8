import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ padding: `${vars.space.lg} 0` });

export const heading = style({ padding: `0 ${vars.space.xl} ${vars.space.md}`, fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.touch,
  padding: `${vars.space.md} ${vars.space.xl}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: {
    '&[data-unread="true"]': { background: vars.color.brandSoft },
    '&:active': { background: vars.color.bgSoft },
  },
});

export const avatar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.button,
  height: vars.size.button,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  objectFit: 'cover',
  background: vars.color.bgSoft,
  color: vars.color.iconInactive,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const content = style({ fontSize: vars.font.md, lineHeight: vars.font.lineBase, wordBreak: 'keep-all', overflowWrap: 'anywhere' });

export const time = style({ fontSize: vars.font.xs, color: vars.color.textWeak, fontVariantNumeric: 'tabular-nums' });

export const error = style({ padding: `${vars.space.xxl} ${vars.space.xl}`, textAlign: 'center', color: vars.color.textSub });

export const sentinel = style({ height: '1px' });

// Screen-reader-only text: the app's one definition.
export { visuallyHidden } from '../../../styles/a11y.css';
