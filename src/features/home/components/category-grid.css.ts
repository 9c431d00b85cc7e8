import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { bareList } from '../../../components/ui/pieces.css';

export const section = style({ padding: `${vars.space.xxl} ${vars.space.xl}` });

export const title = style({ marginBottom: vars.space.lg, fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  rowGap: vars.space.lg,
  columnGap: vars.space.sm,
  ...bareList,
});

export const link = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textSub,
  fontSize: vars.font.xs,
  fontWeight: vars.font.medium,
  textAlign: 'center',
  textDecoration: 'none',
});

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.button,
  height: vars.size.button,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
  color: vars.color.brand,
  transition: `transform ${vars.motion.fast}`,
  selectors: { [`${link}:active &`]: { transform: 'scale(0.94)' } },
});
