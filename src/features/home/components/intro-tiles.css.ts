import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../../styles/a11y.css';
import { vars } from '../../../styles/theme.css';
import { focusRing } from '../../../components/ui/pieces.css';

export const section = style({ padding: `${vars.space.xxxl} ${vars.space.xl} ${vars.space.xxl}` });

export const heading = style({ marginBottom: vars.space.md, fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.bgSoft,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: focusRing,
});

export const title = style({ fontSize: vars.font.md, fontWeight: vars.font.bold });

export const text = style({ fontSize: vars.font.xs, color: vars.color.textSub });

export const hidden = visuallyHidden;
