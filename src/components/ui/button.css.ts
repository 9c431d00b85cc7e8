import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  fontWeight: vars.font.bold,
  transition: `background ${vars.motion.fast}, opacity ${vars.motion.fast}, transform ${vars.motion.fast}`,
  selectors: {
    '&:active:not(:disabled)': { transform: 'scale(0.98)' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.45 },
  },
});

export const variant = styleVariants({
  primary: { background: vars.color.brandStrong, color: vars.color.white },
  dark: { background: vars.color.text, color: vars.color.white },
  secondary: {
    background: vars.color.bg,
    color: vars.color.text,
    boxShadow: `inset 0 0 0 1px ${vars.color.line}`,
  },
  ghost: { background: vars.color.transparent, color: vars.color.textSub },
});

export const size = styleVariants({
  lg: { minHeight: vars.size.button, padding: `0 ${vars.space.xl}`, fontSize: vars.font.md },
  md: { minHeight: vars.size.touch, padding: `0 ${vars.space.lg}`, fontSize: vars.font.sm },
});

export const block = style({ width: '100%' });
