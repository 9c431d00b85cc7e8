import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: `${vars.space.xxl} ${vars.space.xl} 0` });

// Inside a column that pads its own sides (마이페이지): the page margin above would double them
// (40 px from the screen's edge at 390 px, every other block at 20).
export const sectionInColumn = style([section, { marginLeft: 0, marginRight: 0 }]);

export const heading = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold, color: vars.color.text });

export const empty = style({ fontSize: vars.font.sm, color: vars.color.textSub });

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, listStyle: 'none', padding: 0, margin: 0 });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.bg,
  boxShadow: vars.shadow.card,
  textAlign: 'left',
});

export const cardTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const eyebrow = style({ fontSize: vars.font.xs, fontWeight: vars.font.bold, color: vars.color.brandStrong });

export const badge = style({
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.bgSoft,
  color: vars.color.textSub,
});

export const when = style({ fontSize: vars.font.md, fontWeight: vars.font.bold, color: vars.color.text });

export const where = style({ fontSize: vars.font.sm, color: vars.color.textSub });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.xs });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  fontSize: vars.font.sm,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: `inset 0 0 0 1px ${vars.color.line}`,
  textDecoration: 'none',
});

export const note = style({ fontSize: vars.font.xs, color: vars.color.textSub });

// dangerStrong: `danger` on white is under 4.5:1 for text this size (axe's color-contrast).
export const error = style({ fontSize: vars.font.sm, color: vars.color.dangerStrong });

export const sheetBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, textAlign: 'left' });

export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxs,
  width: '100%',
  minHeight: vars.size.touch,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: vars.color.bgSoft,
  color: vars.color.text,
  fontSize: vars.font.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brandSoft, boxShadow: `inset 0 0 0 2px ${vars.color.brand}` } },
});

export const optionPlace = style({ fontSize: vars.font.xs, color: vars.color.textSub });

// One field a row: side by side, half a 390 px sheet cut the date ("11/30/202" and the picker
// icon), and a 360 px phone cut it more. Stacked, each is as wide as 장소 below them.
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

// minWidth 0: a flex item is otherwise as wide as its input's own minimum (a time input's is
// wider than half a 390 px sheet), and the second field stuck out past the sheet's edge.
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: 1,
  minWidth: 0,
  fontSize: vars.font.xs,
  color: vars.color.textSub,
});

export const input = style({
  width: '100%',
  minWidth: 0,
  boxSizing: 'border-box',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  fontSize: vars.font.md,
  color: vars.color.text,
  background: vars.color.bg,
  // A refused field is outlined too; its message under it says why (decision 0055).
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

/** A field (or the date and time row) with its message right under it. */
export const fieldGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const chip = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: 'none',
  background: vars.color.bgSoft,
  color: vars.color.text,
  fontSize: vars.font.sm,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brandStrong, color: vars.color.white } },
});

export const count = style({ fontWeight: vars.font.bold, marginLeft: vars.space.xs });

export const pinned = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.line}`, background: vars.color.bgSoft });

// The room's pinned meetup: one row of a touch target's height (see PinnedMeetup).
export const pin = style({
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  boxShadow: vars.shadow.card,
  textAlign: 'left',
});

export const pinRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: vars.size.touch });

// The toggle's touch area (pinToggle's ::after) is this box: the text and the chevron, full height.
export const pinSummary = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  alignSelf: 'stretch',
  gap: vars.space.xs,
  flex: 1,
  // The lines shrink and end in "…" instead of pushing the answer out of the strip.
  minWidth: 0,
});

export const pinText = style({ flex: 1, minWidth: 0, lineHeight: vars.font.lineTight });

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export const pinWhen = style({ ...oneLine, fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.text });

export const pinWhere = style({ ...oneLine, fontSize: vars.font.xs, color: vars.color.textSub });

export const pinStatus = style({ fontWeight: vars.font.bold, color: vars.color.brandStrong });

// Two-letter answers beside the text: as narrow as a touch target allows.
export const pinButton = style({ flexShrink: 0, minWidth: vars.size.touch, paddingLeft: vars.space.sm, paddingRight: vars.space.sm });

export const pinToggle = style({
  display: 'inline-flex',
  flexShrink: 0,
  padding: 0,
  marginRight: vars.space.sm,
  border: 'none',
  background: vars.color.transparent,
  color: vars.color.textSub,
  cursor: 'pointer',
  selectors: {
    '&::after': { content: "''", position: 'absolute', inset: 0, borderRadius: vars.radius.sm },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const pinChevronOpen = style({ transform: 'rotate(180deg)' });

export const pinDetails = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm} 0`,
});

export const sheetActions = style({ display: 'flex', gap: vars.space.sm, width: '100%' });

export const grow = style({ flex: 1 });

// The section title with 전체 보기 (내 약속) at its end.
export const headingRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const allLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  fontSize: vars.font.sm,
  color: vars.color.textSub,
  textDecoration: 'none',
});

// "이준호님과 만났나요?": one tap target, set apart from the upcoming cards by the brand tint.
export const prompt = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: vars.size.button,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
});

// In the chat room's strip: the pinned row's height and padding.
export const promptPinned = style([
  prompt,
  { minHeight: vars.size.touch, padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} ${vars.space.md}`, borderRadius: vars.radius.md },
]);

export const promptText = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, lineHeight: vars.font.lineTight });

export const promptTitle = style({ ...oneLine, fontSize: vars.font.md, fontWeight: vars.font.bold });

export const promptDetail = style({ ...oneLine, fontSize: vars.font.xs, color: vars.color.textSub });

export const promptAction = style({
  flexShrink: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandStrong,
  color: vars.color.white,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
});
