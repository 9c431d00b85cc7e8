import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** The conversation around a reported message: a small chat, the reporter on the right as "mine" would be. */
export const transcript = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.bgSoft,
});

const lineBase = { display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 } as const;
export const line = styleVariants({
  reporter: { ...lineBase, alignItems: 'flex-end' },
  target: { ...lineBase, alignItems: 'flex-start' },
});

export const day = style({ alignSelf: 'center', fontSize: vars.font.xs, color: vars.color.textWeak, paddingBlock: vars.space.xxs });

export const who = style({ fontSize: vars.font.xs, color: vars.color.textSub, fontWeight: vars.font.medium });

/** A line's bubble and time side by side, the time on the inner side as chat apps put it. */
export const row = styleVariants({
  reporter: { display: 'flex', flexDirection: 'row-reverse', alignItems: 'flex-end', gap: vars.space.xs, maxWidth: '85%' },
  target: { display: 'flex', alignItems: 'flex-end', gap: vars.space.xs, maxWidth: '85%' },
});

const bubbleBase = {
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  fontSize: vars.font.sm,
  lineHeight: vars.font.lineBase,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  minWidth: 0,
} as const;
export const bubble = styleVariants({
  reporter: { ...bubbleBase, background: vars.color.brandSoft, color: vars.color.text },
  target: { ...bubbleBase, background: vars.color.bg, color: vars.color.text, border: `1px solid ${vars.color.line}` },
});

/** The reported line stands out from its neighbours, by more than colour (the badge names it). */
export const reported = style({ outline: `2px solid ${vars.color.dangerStrong}`, outlineOffset: '1px' });

export const time = style({ flexShrink: 0, fontSize: vars.font.xs, color: vars.color.textWeak, whiteSpace: 'nowrap' });

export const reportedBadge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerStrong,
  color: vars.color.white,
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
});

/** A neighbour of the reported line while the transcript is collapsed: two lines of it. */
export const clamped = style({ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' });

/** 대화 전체 보기 / 대화 접기: a text button under the transcript, as wide as its words, a full touch target tall. */
export const toggle = style({
  alignSelf: 'flex-start',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  marginInlineStart: `calc(-1 * ${vars.space.sm})`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.transparent,
  color: vars.color.brandStrong,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.bgSoft } },
});
