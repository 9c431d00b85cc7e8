import { style } from '@vanilla-extract/css';
import { brandTag } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.bgSoft,
});

export const top = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg });

export const identity = style({ minWidth: 0 });

export const avatar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.avatar,
  height: vars.size.avatar,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  objectFit: 'cover',
});

export const name = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, lineHeight: vars.font.lineTight });

export const meta = style({ marginTop: vars.space.xs, fontSize: vars.font.sm, color: vars.color.textSub });

export const keywords = style({ fontSize: vars.font.sm, fontWeight: vars.font.medium, color: vars.color.text });

export const bar = style({ color: vars.color.textWeak });

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const tag = style({ ...brandTag, padding: `${vars.space.xs} ${vars.space.md}`, fontWeight: vars.font.bold });

// Screen-reader-only text: the app's one definition.
export { visuallyHidden } from '../../../styles/a11y.css';
