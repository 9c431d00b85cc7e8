import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// In the page's flow between the categories and 다가오는 약속, as wide as the sections.
export const prompt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: `0 ${vars.space.xl}`,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.text,
  fontSize: vars.font.sm,
});

export const promptActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
