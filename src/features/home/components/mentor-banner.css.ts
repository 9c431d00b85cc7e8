import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { focusRing } from '../../../components/ui/pieces.css';

export const banner = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  margin: `${vars.space.xxxl} ${vars.space.xl} 0`,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});

export const eyebrow = style({ fontSize: vars.font.xs, fontWeight: vars.font.bold, color: vars.color.brandStrong });

export const name = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, color: vars.color.text });

export const sub = style({ fontSize: vars.font.sm, color: vars.color.text });

export const titleLine = style({ fontSize: vars.font.xs, color: vars.color.textSub });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  marginTop: vars.space.md,
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandStrong,
  color: vars.color.white,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  textDecoration: 'none',
  selectors: focusRing,
});

export const hold = style({
  height: vars.size.mentorBannerHold,
  margin: `${vars.space.xxxl} ${vars.space.xl} 0`,
  borderRadius: vars.radius.lg,
  background: vars.color.bgSoft,
});
