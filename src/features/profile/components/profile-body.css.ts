import { style } from '@vanilla-extract/css';
import { brandTag, plainTextButton } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  padding: `0 ${vars.space.xl} ${vars.space.huge}`,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingTop: vars.space.lg,
  textAlign: 'center',
});

export const photoWrap = style({ position: 'relative', marginBottom: vars.space.sm });

export const photo = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '96px',
  height: '96px',
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.bgSoft,
  color: vars.color.iconInactive,
});

export const name = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold });

export const meta = style({ fontSize: vars.font.sm, color: vars.color.textSub });

export const keywords = style({ fontSize: vars.font.sm, fontWeight: vars.font.medium, color: vars.color.brandStrong });

export const pills = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: 'none',
});

export const pill = style({ ...brandTag, padding: `${vars.space.xxs} ${vars.space.md}` });

export const tabs = style({
  position: 'sticky',
  // Under the header, which moves down by the offline strip while it shows.
  top: `calc(${vars.size.header} + ${vars.size.offlineInset})`,
  zIndex: 1,
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const tab = style({
  minHeight: vars.size.touch,
  ...plainTextButton,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

export const section = style({ scrollMarginTop: `calc(${vars.size.header} + ${vars.size.offlineInset} + ${vars.size.touch} + ${vars.space.md})` });

export const sectionTitle = style({ marginBottom: vars.space.md, fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const questions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0 });

export const question = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.bgSoft,
});

export const questionTitle = style({ fontSize: vars.font.xs, color: vars.color.textSub });

export const keyword = style({ margin: 0, fontSize: vars.font.md, fontWeight: vars.font.bold, color: vars.color.brandStrong });

export const description = style({ margin: 0, fontSize: vars.font.sm, color: vars.color.text });

export const fallback = style({ margin: 0, fontSize: vars.font.sm, color: vars.color.textWeak });
