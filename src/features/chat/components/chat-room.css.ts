import { style } from '@vanilla-extract/css';
import { nameLine, pillOff, touchTarget } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

/**
 * Fixed to the visible viewport: its height follows the on-screen keyboard (set inline). Its top
 * is padded by the offline banner's strip while that shows, so the strip covers no part of it.
 */
export const screen = style({
  position: 'fixed',
  top: 0,
  left: '50%',
  transform: 'translateX(-50%)',
  width: '100%',
  maxWidth: vars.size.maxWidth,
  height: '100dvh',
  paddingTop: vars.size.offlineInset,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.bg,
  overflow: 'hidden',
});

export const header = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: vars.size.header,
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.line}`,
  background: vars.color.bg,
});

export const friendButton = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.transparent,
  color: vars.color.text,
  textAlign: 'left',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const friendText = style({ minWidth: 0, display: 'flex', flexDirection: 'column' });

export const friendName = style(nameLine);

export const friendDepartment = style({
  fontSize: vars.font.xs,
  color: vars.color.textWeak,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const banner = style({
  flexShrink: 0,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.sm,
  textAlign: 'center',
});

export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // We keep the position ourselves when older pages are inserted above.
  overflowAnchor: 'none',
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.bgSoft,
});

export const sentinel = style({ height: '1px' });

/** Keeps 새 메시지 at the bottom of the visible list while the student reads back: sticky, without height, so it takes no room. */
export const newBelowDock = style({ position: 'sticky', bottom: 0, height: 0 });

/** KakaoTalk's preview bar: the friend's new message, one line, above the composer. */
export const newBelow = style({
  position: 'absolute',
  bottom: vars.space.sm,
  left: 0,
  right: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  ...pillOff,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const newBelowText = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const loadingOlder = style({ display: 'flex', justifyContent: 'center', padding: vars.space.sm });

export const dateHeading = style({
  display: 'flex',
  justifyContent: 'center',
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
});

export const dateLabel = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
  color: vars.color.textSub,
  fontSize: vars.font.xs,
});

/** A line of the room's own (the friend left, decision 0060): centred like a date, after the last message. */
export const systemLine = style({
  display: 'flex',
  justifyContent: 'center',
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
});

export const systemLabel = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
  color: vars.color.textSub,
  fontSize: vars.font.xs,
  textAlign: 'center',
});

export const row = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, marginTop: vars.space.xs });

export const rowRunStart = style({ marginTop: vars.space.md });

export const rowMine = style({ justifyContent: 'flex-end' });

/** Keeps later bubbles of a run aligned with the first one's avatar. */
export const avatarSlot = style({ width: '32px', flexShrink: 0 });

export const column = style({ minWidth: 0, maxWidth: '75%', display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const columnMine = style({ alignItems: 'flex-end' });

export const senderName = style({ fontSize: vars.font.xs, color: vars.color.textSub, fontWeight: vars.font.medium });

export const line = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xs });

export const lineMine = style({ flexDirection: 'row-reverse' });

export const bubble = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.font.sm,
  lineHeight: vars.font.lineBase,
  whiteSpace: 'pre-wrap',
  // Korean wraps between words, not inside them; a long URL still breaks anywhere.
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
});

export const bubbleFriend = style({ background: vars.color.bg, color: vars.color.text, borderTopLeftRadius: vars.radius.cell });

export const bubbleMine = style({ background: vars.color.brand, color: vars.color.white, borderTopRightRadius: vars.radius.cell });

export const bubblePending = style({ opacity: 0.6 });

export const bubbleFailed = style({ background: vars.color.bg, color: vars.color.text, border: `1px solid ${vars.color.danger}` });

export const time = style({ flexShrink: 0, fontSize: vars.font.xs, color: vars.color.textWeak, whiteSpace: 'nowrap' });

/** The unread marker sits above the time, both beside the bubble's bottom (KakaoTalk's layout). */
export const meta = style({ flexShrink: 0, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: vars.font.lineTight });

export const unread = style({ fontSize: vars.font.xs, fontWeight: vars.font.bold, color: vars.color.brandStrong });

/** "입력 중…" under the friend's name. */
export const typing = style({ fontSize: vars.font.xs, color: vars.color.brandStrong });

export const pendingIcon = style({
  flexShrink: 0,
  display: 'inline-flex',
  color: vars.color.textWeak,
});

export const failedBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.font.xs, color: vars.color.dangerStrong });

export const failedAction = style({
  minHeight: '32px',
  padding: `0 ${vars.space.sm}`,
  ...pillOff,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontSize: vars.font.xs,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const composer = style({
  flexShrink: 0,
  display: 'flex',
  // The length note takes a line of its own above the field and the button.
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.line}`,
  background: vars.color.bg,
});

/** Where the composer was when the friend has left (decision 0060): nothing to type into, said why. */
export const closedComposer = style({
  flexShrink: 0,
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  paddingBottom: `max(${vars.space.md}, env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.line}`,
  background: vars.color.bg,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
  textAlign: 'center',
});

/** Near and over MAX_MESSAGE_CHARS: what is wrong on the left, the counter on the right. */
export const limitNote = style({
  flexBasis: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.font.xs,
});

export const limitOver = style({ color: vars.color.dangerStrong, fontWeight: vars.font.bold });

export const counter = style({ marginLeft: 'auto', color: vars.color.textWeak, fontVariantNumeric: 'tabular-nums' });

export const counterOver = style([counter, { color: vars.color.dangerStrong, fontWeight: vars.font.bold }]);

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.touch,
  maxHeight: '120px',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.xl,
  background: vars.color.bgSoft,
  color: vars.color.text,
  // 16 px keeps iOS from zooming into the field.
  fontSize: vars.font.md,
  fontFamily: 'inherit',
  lineHeight: '1.25',
  resize: 'none',
  selectors: { '&:focus': { outline: 'none', borderColor: vars.color.brand, background: vars.color.bg } },
});

export const sendButton = style({
  flexShrink: 0,
  display: 'inline-flex',
  ...touchTarget,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.white,
  cursor: 'pointer',
  transition: `background ${vars.motion.fast}`,
  selectors: {
    '&:disabled': { background: vars.color.line, color: vars.color.white, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const emptyRoom = style({ margin: `${vars.space.huge} 0`, textAlign: 'center', fontSize: vars.font.sm, color: vars.color.textWeak });

export const messages = style({ listStyle: 'none', margin: 0, padding: 0 });
