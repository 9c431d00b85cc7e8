import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { spacedRow, touchTarget } from './pieces.css';

const rise = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.modal,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: vars.color.overlay,
});

const sheetBase = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxWidth: vars.size.maxWidth,
  borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
  background: vars.color.bg,
  boxShadow: vars.shadow.modal,
  animation: `${rise} ${vars.motion.base} ${vars.motion.ease}`,
  outline: 'none',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const head = style({
  ...spacedRow,
  padding: `${vars.space.lg} ${vars.space.xl} ${vars.space.sm}`,
});

export const title = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const close = style({
  display: 'flex',
  ...touchTarget,
  marginRight: `calc(-1 * ${vars.space.md})`,
  border: 'none',
  background: vars.color.transparent,
  color: vars.color.text,
  cursor: 'pointer',
});

export const body = style({
  flex: 1,
  overflowY: 'auto',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

// Explore's choice sheets stop at 80%; the safety sheets (report form, menus) may take 85%.
export const sheet = styleVariants({ default: [sheetBase, { maxHeight: '80dvh' }], tall: [sheetBase, { maxHeight: '85dvh' }] });

export const footer = style({
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.line}`,
});
