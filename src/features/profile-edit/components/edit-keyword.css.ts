import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const question = style({ fontSize: vars.font.md, fontWeight: vars.font.bold });

export const textarea = style({ minHeight: '88px', padding: vars.space.md, resize: 'vertical', lineHeight: vars.font.lineBase, fontFamily: 'inherit' });

export const titleRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });

export const titleField = style({ flex: 1, minWidth: 0 });

export const aiButton = style({ flexShrink: 0, minHeight: vars.size.button });
