import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

const base = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  borderRadius: vars.radius.pill,
  background: vars.color.bgSoft,
  color: vars.color.iconInactive,
});

export const size = styleVariants({
  sm: [base, { width: '32px', height: '32px' }],
  md: [base, { width: '40px', height: '40px' }],
  lg: [base, { width: '52px', height: '52px' }],
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
