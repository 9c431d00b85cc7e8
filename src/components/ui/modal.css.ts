import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

/** Resets the UA styles of a modal `<dialog>`: it is the full-screen layer, painted by the caller. */
export const layer = style({
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  padding: 0,
  border: 'none',
  color: 'inherit',
  selectors: { '&::backdrop': { background: 'transparent' } },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xxl,
  background: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.fast} ease-out`,
});

export const dialog = style({
  position: 'relative',
  width: '100%',
  maxWidth: vars.size.modal,
  padding: `${vars.space.xxl} ${vars.space.xl} ${vars.space.xl}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bg,
  boxShadow: vars.shadow.modal,
  textAlign: 'center',
  animation: `${rise} ${vars.motion.base} ${vars.motion.ease}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const title = style({
  fontSize: vars.font.lg,
  fontWeight: vars.font.bold,
  lineHeight: vars.font.lineTight,
  marginBottom: vars.space.sm,
});

export const body = style({
  fontSize: vars.font.sm,
  color: vars.color.textSub,
  whiteSpace: 'pre-line',
});

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  marginTop: vars.space.xxl,
});

export const action = style({ flex: 1 });
