import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { noticeColumn } from '../../../components/ui/pieces.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl, paddingBottom: vars.space.xxl });

export const banner = style({ display: 'flex', flexDirection: 'column' });

export const bannerImage = style({ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', background: vars.color.brandSoft });

export const bannerFallback = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  aspectRatio: '16 / 9',
  background: vars.color.brandGradient,
});

export const bannerMark = style({ width: '72px', height: '72px', color: vars.color.white });

export const bannerText = style({ padding: `${vars.space.xl} ${vars.space.xl} 0` });

export const kicker = style({ fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.brandStrong });

export const mentorName = style({ marginTop: vars.space.xs, fontSize: vars.font.xxl, fontWeight: vars.font.bold, lineHeight: vars.font.lineTight });

export const preparingTitle = style({
  marginTop: vars.space.xs,
  fontSize: vars.font.xl,
  fontWeight: vars.font.bold,
  lineHeight: vars.font.lineTight,
  wordBreak: 'keep-all',
});

export const mentorTitle = style({ marginTop: vars.space.xs, fontSize: vars.font.sm, color: vars.color.textSub });

export const mentorSub = style({ marginTop: vars.space.md, fontSize: vars.font.md, fontWeight: vars.font.medium });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `0 ${vars.space.xl}` });

export const sectionTitle = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const paragraph = style({ fontSize: vars.font.md, lineHeight: vars.font.lineBase, color: vars.color.text, wordBreak: 'keep-all' });

export const schedule = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.bgSoft,
  fontSize: vars.font.sm,
  selectors: {},
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

// Pulls a field's error up under its input (the field block has its own gap).
export const phoneError = style({ marginTop: `calc(${vars.space.sm} * -1)` });

export const textarea = style({ minHeight: '120px', padding: vars.space.md, resize: 'vertical', lineHeight: vars.font.lineBase, fontFamily: 'inherit' });

export const fieldError = style({ fontSize: vars.font.sm, color: vars.color.brandStrong, fontWeight: vars.font.medium });

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
});

export const errorBox = style({
  ...noticeColumn,
  padding: `${vars.space.huge} ${vars.space.xl}`,
  color: vars.color.textSub,
});
