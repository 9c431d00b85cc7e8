import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { fixedActionBar, spacedRow, touchTarget } from '../../../components/ui/pieces.css';

const enter = keyframes({ from: { opacity: 0, transform: 'translateX(12px)' }, to: { opacity: 1, transform: 'none' } });

export const root = style({
  minHeight: '100dvh',
  padding: `0 ${vars.space.xl} calc(${vars.size.button} + ${vars.space.huge} + env(safe-area-inset-bottom))`,
  background: vars.color.bg,
});

export const topBar = style({
  ...spacedRow,
  height: vars.size.header,
  marginLeft: `calc(${vars.space.md} * -1)`,
});

export const progressText = style({
  fontSize: vars.font.sm,
  color: vars.color.textWeak,
  fontVariantNumeric: 'tabular-nums',
});

export const progress = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: vars.space.xs,
  marginBottom: vars.space.xxl,
});

export const progressSegment = style({
  height: vars.space.xs,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
  transition: `background ${vars.motion.base}`,
  selectors: { '&[data-done="true"]': { background: vars.color.brand } },
});

export const heading = style({ fontSize: vars.font.xxl, fontWeight: vars.font.bold, lineHeight: vars.font.lineTight });

export const notes = style({
  margin: `${vars.space.sm} 0 0`,
  paddingLeft: vars.space.xl,
  fontSize: vars.font.sm,
  color: vars.color.textSub,
});

export const illustration = style({ margin: `${vars.space.xxl} 0 ${vars.space.lg}` });

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  animation: `${enter} ${vars.motion.base} ${vars.motion.ease}`,
});

export const question = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const sub = style({
  marginTop: `calc(${vars.space.md} * -1)`,
  fontSize: vars.font.sm,
  color: vars.color.textWeak,
});

export const infoButton = style({
  display: 'inline-flex',
  ...touchTarget,
  margin: `calc(${vars.space.md} * -1) 0`,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.transparent,
  color: vars.color.textWeak,
});

export const footer = style(fixedActionBar);
