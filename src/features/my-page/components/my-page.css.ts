import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { spacedRow } from '../../../components/ui/pieces.css';

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: `${vars.space.lg} ${vars.space.xl}` });

export const counters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const counterItem = style({
  selectors: { '& + &': { borderLeft: `1px solid ${vars.color.line}` } },
});

export const counter = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touch,
  padding: `${vars.space.lg} ${vars.space.sm}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:active': { background: vars.color.bgSoft } },
});

export const count = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, color: vars.color.brandStrong, fontVariantNumeric: 'tabular-nums' });

export const counterLabel = style({ fontSize: vars.font.sm, color: vars.color.textSub });

export const row = style({
  ...spacedRow,
  minHeight: vars.size.button,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.bgSoft,
  color: vars.color.text,
  fontWeight: vars.font.bold,
  textDecoration: 'none',
});

export const chevron = style({ fontSize: vars.font.xl, color: vars.color.textWeak });
