import { style } from '@vanilla-extract/css';
import { nameLine } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: `${vars.space.xs} 0` });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '72px',
  padding: `${vars.space.md} ${vars.space.xl}`,
  color: vars.color.text,
  textDecoration: 'none',
  // The long press belongs to us, not to the browser's text selection or link preview.
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTouchCallout: 'none',
  WebkitTapHighlightColor: vars.color.transparent,
  transition: `background ${vars.motion.fast}`,
  selectors: {
    '&:active': { background: vars.color.bgSoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const newFriends = style({ borderBottom: `8px solid ${vars.color.bgSoft}` });

export const sectionTitle = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.xl} 0`,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  color: vars.color.textSub,
});

/** A room row's look on a button (a new friend's row). */
export const buttonRow = style([
  row,
  {
    width: '100%',
    border: 'none',
    background: 'none',
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    selectors: { '&:disabled': { cursor: 'default' } },
  },
]);

/** Where a room row has its time and unread count: what a tap does. */
export const startChat = style({
  flexShrink: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
  whiteSpace: 'nowrap',
});

export const emptyLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const body = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const name = style(nameLine);

export const department = style({ marginLeft: vars.space.xs, fontSize: vars.font.xs, fontWeight: vars.font.regular, color: vars.color.textWeak });

export const lastMessage = style({
  fontSize: vars.font.sm,
  color: vars.color.textSub,
  lineHeight: vars.font.lineBase,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** Before the preview of a message still waiting for the network: the room's clock (전송 중). */
export const unsentPending = style({ display: 'inline-flex', verticalAlign: '-2px', marginRight: vars.space.xxs, color: vars.color.textWeak });

/** Before the preview of a message the server refused, in the room's 전송 실패 colour. */
export const unsentFailed = style({ color: vars.color.dangerStrong, fontWeight: vars.font.bold });

export const meta = style({
  flexShrink: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  alignSelf: 'stretch',
  paddingTop: vars.space.xxs,
});

export const time = style({ fontSize: vars.font.xs, color: vars.color.textWeak, whiteSpace: 'nowrap' });

export const unread = style({
  minWidth: '20px',
  height: '20px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.white,
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
  lineHeight: '20px',
  textAlign: 'center',
});

export const sentinel = style({ height: '1px' });

export const status = style({ padding: vars.space.xl, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md });

export const errorText = style({ margin: 0, fontSize: vars.font.sm, color: vars.color.textSub, textAlign: 'center' });
