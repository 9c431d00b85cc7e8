import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.lg} ${vars.space.xl}` });

export const lead = style({ fontSize: vars.font.sm, color: vars.color.textSub, lineHeight: vars.font.lineBase });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '64px',
  borderBottom: `1px solid ${vars.color.line}`,
});

export const texts = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });

export const name = style({ fontSize: vars.font.md, fontWeight: vars.font.bold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const date = style({ fontSize: vars.font.xs, color: vars.color.textWeak });

// brandStrong, not danger: the theme's danger red is under 4.5:1 on white.
export const error = style({ fontSize: vars.font.sm, color: vars.color.brandStrong });
