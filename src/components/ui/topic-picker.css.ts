import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { pillOff } from './pieces.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const topic = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.button,
  padding: `0 ${vars.space.md}`,
  ...pillOff,
  borderRadius: vars.radius.pill,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
  fontWeight: vars.font.medium,
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      color: vars.color.brandStrong,
      fontWeight: vars.font.bold,
    },
  },
});

export const count = style({
  marginTop: vars.space.sm,
  fontSize: vars.font.xs,
  color: vars.color.textWeak,
  textAlign: 'right',
});
