import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

const bob = keyframes({ '0%, 100%': { transform: 'translateY(0)' }, '50%': { transform: 'translateY(-4px)' } });

export const svg = style({
  width: vars.size.illustration,
  height: vars.size.illustration,
  margin: '0 auto',
  animation: `${bob} 3s ease-in-out infinite`,
});

export const soft = style({ fill: vars.color.brandSoft });
export const brand = style({ fill: vars.color.brand });
export const white = style({ fill: vars.color.white });
export const line = style({
  fill: 'none',
  stroke: vars.color.brand,
  strokeWidth: 5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
