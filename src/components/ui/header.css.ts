import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { touchTarget } from './pieces.css';

export const header = style({
  position: 'fixed',
  // Below the offline banner's strip while it shows.
  top: vars.size.offlineInset,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.header,
  display: 'grid',
  gridTemplateColumns: `${vars.size.button} 1fr ${vars.size.button}`,
  alignItems: 'center',
  width: '100%',
  maxWidth: vars.size.maxWidth,
  height: vars.size.header,
  padding: `0 ${vars.space.xs}`,
  background: vars.color.bg,
  transition: `background ${vars.motion.base}, box-shadow ${vars.motion.base}, color ${vars.motion.base}`,
});

export const transparent = style({ background: vars.color.transparent, color: vars.color.white });

export const scrolled = style({ background: vars.color.bg, boxShadow: vars.shadow.header, color: vars.color.text });

export const title = style({
  gridColumn: 2,
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.lg,
  fontWeight: vars.font.bold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const logoLink = style({
  gridColumn: '1 / 3',
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: 'inherit',
  textDecoration: 'none',
});

export const logoText = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold, marginLeft: vars.space.sm });

export const iconButton = style({
  display: 'inline-flex',
  ...touchTarget,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.transparent,
  color: 'inherit',
  justifySelf: 'center',
  // The bell's dot is placed against it.
  position: 'relative',
  selectors: { '&:active': { background: vars.color.bgSoft } },
});

/** The bell's dot: a notification not read yet (the icon's top right, as KakaoTalk's). */
export const dot = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  width: vars.space.sm,
  height: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  boxShadow: `0 0 0 ${vars.space.xxs} ${vars.color.white}`,
});

export const end = style({ gridColumn: 3 });
