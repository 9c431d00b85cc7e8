import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const popIn = keyframes({
  '0%': { transform: 'scale(0.6) rotate(-8deg)', opacity: 0 },
  '60%': { transform: 'scale(1.08) rotate(3deg)', opacity: 1 },
  '100%': { transform: 'scale(1) rotate(0deg)', opacity: 1 },
});

const float = keyframes({
  '0%, 100%': { transform: 'translateY(0)' },
  '50%': { transform: 'translateY(-6px)' },
});

const steam = keyframes({
  '0%': { opacity: 0, transform: 'translateY(4px)' },
  '40%': { opacity: 1 },
  '100%': { opacity: 0, transform: 'translateY(-6px)' },
});

export const mark = style({ flexShrink: 0 });

export const size = styleVariants({
  sm: { width: vars.size.icon, height: vars.size.icon },
  md: { width: vars.size.touch, height: vars.size.touch },
  lg: { width: vars.size.logo, height: vars.size.logo },
});

export const animated = style({
  animation: `${popIn} 700ms ${vars.motion.ease} both, ${float} 3s ease-in-out 900ms infinite`,
});

export const steamLine = style({
  animation: `${steam} 1.8s ease-in-out infinite`,
});

export const steamLate = style({ animationDelay: '0.5s' });

const fill = (color: string) => style({ fill: color });
const stroke = (color: string) => style({ stroke: color, fill: 'none' });

export const tones = {
  brand: {
    tile: fill(vars.color.brand),
    bubble: fill(vars.color.white),
    ink: fill(vars.color.brand),
    inkStroke: stroke(vars.color.brand),
  },
  inverse: {
    tile: fill(vars.color.white),
    bubble: fill(vars.color.brand),
    ink: fill(vars.color.white),
    inkStroke: stroke(vars.color.white),
  },
};
