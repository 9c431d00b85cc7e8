import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { centeredColumn } from './pieces.css';

export const root = style({
  ...centeredColumn,
  gap: vars.space.md,
  minHeight: '50vh',
  padding: vars.space.xxl,
  textAlign: 'center',
  color: vars.color.textWeak,
});

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.logo,
  height: vars.size.logo,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});

export const title = style({ fontSize: vars.font.md, fontWeight: vars.font.bold, color: vars.color.textSub });

export const text = style({ fontSize: vars.font.sm });
