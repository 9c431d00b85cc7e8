import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList, centeredColumn } from './pieces.css';

export const bar = style({
  position: 'fixed',
  bottom: 0,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.tabBar,
  width: '100%',
  maxWidth: vars.size.maxWidth,
  background: vars.color.bg,
  boxShadow: vars.shadow.tabBar,
  paddingBottom: 'env(safe-area-inset-bottom)',
});

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  height: vars.size.tabBar,
  ...bareList,
});

export const link = style({
  ...centeredColumn,
  gap: vars.space.xxs,
  height: '100%',
  color: vars.color.iconInactive,
  fontSize: vars.font.xs,
  fontWeight: vars.font.medium,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { color: vars.color.iconActive, fontWeight: vars.font.bold } },
});

/** Holds the icon and its count badge. */
export const iconSlot = style({ position: 'relative', display: 'inline-flex' });

/** The unread count on the 채팅 tab (KakaoTalk's red dot with a number). */
export const badge = style({
  position: 'absolute',
  top: `calc(-1 * ${vars.space.xs})`,
  left: '60%',
  minWidth: vars.space.lg,
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.white,
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
  lineHeight: vars.font.lineTight,
  textAlign: 'center',
});
