import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { fieldBox, spacedRow } from './pieces.css';

export const root = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const label = style({ fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const trigger = style({
  ...spacedRow,
  gap: vars.space.sm,
  ...fieldBox,
  textAlign: 'left',
  fontSize: vars.font.md,
  selectors: {
    '&[aria-expanded="true"]': { borderColor: vars.color.brand },
    '&:disabled': { background: vars.color.bgSoft, color: vars.color.textWeak, cursor: 'not-allowed' },
  },
});

export const placeholder = style({ color: vars.color.textWeak });

export const chevron = style({
  color: vars.color.textWeak,
  transition: `transform ${vars.motion.fast}`,
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

export const list = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: vars.z.dropdown,
  maxHeight: vars.size.dropdownList,
  overflowY: 'auto',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  listStyle: 'none',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  boxShadow: vars.shadow.card,
  overscrollBehavior: 'contain',
  selectors: { '&:focus': { outline: 'none' } },
});

export const option = style({
  ...spacedRow,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.md,
  cursor: 'pointer',
  selectors: {
    '&[data-active="true"]': { background: vars.color.bgSoft },
    '&[aria-selected="true"]': { color: vars.color.brandStrong, fontWeight: vars.font.bold },
  },
});

export const empty = style({ padding: vars.space.md, fontSize: vars.font.sm, color: vars.color.textWeak });
