import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const wrap = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xxl,
});

export const ring = style({
  width: vars.size.spinner,
  height: vars.size.spinner,
  borderRadius: vars.radius.pill,
  borderWidth: '3px',
  borderStyle: 'solid',
  animation: `${spin} 800ms linear infinite`,
});

export const tone = styleVariants({
  brand: { borderColor: vars.color.brandSoft, borderTopColor: vars.color.brand },
  light: { borderColor: vars.color.whiteFaint, borderTopColor: vars.color.white },
});
