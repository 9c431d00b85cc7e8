import { globalStyle, style } from '@vanilla-extract/css';
import { quotedMessage } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

/** Laptop first (1280×800), still usable on a phone: one column below 900px. */
const WIDE = 'screen and (min-width: 900px)';

export const root = style({
  minHeight: '100dvh',
  background: vars.color.bgSoft,
  color: vars.color.text,
  fontSize: vars.font.sm,
});

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.line}`,
  position: 'sticky',
  top: 0,
  zIndex: 2,
});

export const title = style({ margin: 0, fontSize: vars.font.lg, fontWeight: vars.font.bold, marginRight: 'auto' });

export const tabs = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', width: '100%', '@media': { [WIDE]: { width: 'auto' } } });

export const tab = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.transparent,
  color: vars.color.textSub,
  fontSize: vars.font.sm,
  fontWeight: vars.font.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.text, color: vars.color.white },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const body = style({ padding: vars.space.lg, maxWidth: vars.size.consoleWidth, margin: '0 auto', '@media': { [WIDE]: { padding: vars.space.xxl } } });

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontSize: vars.font.xs, color: vars.color.textSub, fontWeight: vars.font.medium });

export const input = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  color: vars.color.text,
  fontSize: vars.font.sm,
  fontFamily: vars.font.family,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const textarea = style([input, { minHeight: vars.size.textarea, padding: vars.space.md, resize: 'vertical', lineHeight: vars.font.lineBase }]);

export const fieldError = style({ color: vars.color.dangerStrong, fontSize: vars.font.xs, margin: 0 });

export const card = style({
  background: vars.color.bg,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const cardTitle = style({ margin: 0, fontSize: vars.font.md, fontWeight: vars.font.bold });

/** Editor beside its preview on a laptop, preview below on a phone. */
export const editorGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': { [WIDE]: { gridTemplateColumns: `minmax(0, 1fr) ${vars.size.consolePreview}`, alignItems: 'start' } },
});

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  '@media': { [WIDE]: { gridTemplateColumns: '1fr 1fr' } },
});

export const span2 = style({ '@media': { [WIDE]: { gridColumn: 'span 2' } } });

export const preview = style({
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.bg,
  maxWidth: vars.size.maxWidth,
  '@media': { [WIDE]: { position: 'sticky', top: vars.space.huge, maxHeight: `calc(100dvh - ${vars.space.huge} - ${vars.space.huge})`, overflowY: 'auto' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const muted = style({ color: vars.color.textSub, margin: 0 });

export const status = style({ margin: 0, color: vars.color.textSub, fontSize: vars.font.sm });

export const tableWrap = style({ overflowX: 'auto', background: vars.color.bg, borderRadius: vars.radius.md, boxShadow: vars.shadow.card });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sm });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.line}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
globalStyle(`${table} th`, { background: vars.color.bgSoft, fontWeight: vars.font.bold, whiteSpace: 'nowrap' });
globalStyle(`${table} td.num, ${table} th.num`, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const question = style({ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: vars.size.hero });

export const reportGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': { [WIDE]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const reportItem = style({
  borderTop: `1px solid ${vars.color.line}`,
  paddingTop: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/** A report's detail as the reporter wrote it: its line breaks kept, a long word wrapped. */
export const reportDetail = style({ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' });

export const quote = style(quotedMessage);

export const badge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.xs,
  fontWeight: vars.font.bold,
});

export const dangerBadge = style([badge, { background: vars.color.dangerStrong, color: vars.color.white }]);

export const statsGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': { [WIDE]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const chart = style({ width: '100%', minHeight: vars.size.chart });

// ---------- 장소 (campus places) ----------

export const placeList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const placeRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const placeInput = style([input, { flex: 1, minWidth: 0 }]);

export const placeOrder = style({ minWidth: vars.space.xl, color: vars.color.textSub, fontVariantNumeric: 'tabular-nums' });
