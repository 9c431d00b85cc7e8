import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { focusRing, quotedMessage, touchTarget } from '../../../components/ui/pieces.css';

// ---------- the report sheet ----------

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBottom: vars.space.lg,
});

export const dialogAction = style({ flex: 1 });

export const lead = style({ fontSize: vars.font.sm, color: vars.color.textSub, lineHeight: vars.font.lineBase });

export const reasons = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, border: 'none', padding: 0, margin: 0 });

export const legend = style({ marginBottom: vars.space.sm, fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const reason = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  fontSize: vars.font.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.brandStrong,
      background: vars.color.brandSoft,
      color: vars.color.brandStrong,
      fontWeight: vars.font.bold,
    },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ accentColor: vars.color.brandStrong, width: vars.size.iconSm, height: vars.size.iconSm, margin: 0 });

export const quote = style(quotedMessage);

export const detailLabel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  color: vars.color.textSub,
});

export const textarea = style({
  minHeight: '96px',
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontSize: vars.font.md,
  fontWeight: vars.font.regular,
  color: vars.color.text,
  resize: 'vertical',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const detailRow = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });

export const counter = style({ fontSize: vars.font.xs, fontWeight: vars.font.regular, color: vars.color.textWeak, fontVariantNumeric: 'tabular-nums' });

// brandStrong, not danger: the theme's danger red is under 4.5:1 on white.
export const counterOver = style([counter, { color: vars.color.brandStrong, fontWeight: vars.font.bold }]);

export const error = style({ fontSize: vars.font.sm, fontWeight: vars.font.regular, color: vars.color.brandStrong });

export const footerError = style([error, { marginBottom: vars.space.sm }]);

// ---------- the menu sheet and the profile actions ----------

export const menuList = style({
  display: 'flex',
  flexDirection: 'column',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 calc(${vars.space.lg} + env(safe-area-inset-bottom))`,
});

export const menuItem = style({
  width: '100%',
  minHeight: vars.size.button,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.line}`,
  background: vars.color.transparent,
  textAlign: 'left',
  fontSize: vars.font.md,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

// The theme's danger red is under 4.5:1 on white; brandStrong reads as a warning and passes.
export const menuItemDanger = style([menuItem, { color: vars.color.brandStrong, fontWeight: vars.font.bold }]);

export const actions = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.xl,
  padding: `${vars.space.md} 0 ${vars.space.lg}`,
});

export const textAction = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: vars.color.transparent,
  fontSize: vars.font.sm,
  color: vars.color.textWeak,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: focusRing,
});

export const menuButton = style({
  display: 'flex',
  ...touchTarget,
  marginLeft: 'auto',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.transparent,
  color: vars.color.text,
  fontSize: vars.font.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: focusRing,
});
