import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { focusRing, pillOff, pillOnBrand } from '../../../components/ui/pieces.css';

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

export const sheet = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxWidth: vars.size.maxWidth,
  maxHeight: '80dvh',
  borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
  background: vars.color.bg,
  boxShadow: vars.shadow.modal,
  animation: `${rise} ${vars.motion.base} ${vars.motion.ease}`,
  outline: 'none',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.lg} ${vars.space.xl} ${vars.space.sm}`,
});

export const title = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const close = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
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

export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 2fr',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.line}`,
});

export const reset = style({ width: '100%' });
export const apply = style({ width: '100%' });

export const groupTitle = style({ marginBottom: vars.space.sm, fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

const choiceBase = {
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sm,
  cursor: 'pointer',
} as const;

export const choice = style({
  ...choiceBase,
  ...pillOff,
  color: vars.color.text,
  selectors: focusRing,
});

export const choiceOn = style({
  ...choiceBase,
  ...pillOnBrand,
  selectors: focusRing,
});

export const hint = style({ fontSize: vars.font.sm, color: vars.color.textWeak });
