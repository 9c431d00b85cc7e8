import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../../styles/a11y.css';
import { vars } from '../../../styles/theme.css';
import { focusRing, pillChoiceOff, pillChoiceOn, pillShape, plainTextButton } from '../../../components/ui/pieces.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.sm} ${vars.space.xl}` });

export const hidden = visuallyHidden;

export const categories = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: `0 calc(-1 * ${vars.space.xl})`,
  padding: `${vars.space.xs} ${vars.space.xl}`,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});

const chipBase = { ...pillShape('36px', `0 ${vars.space.md}`), flexShrink: 0, whiteSpace: 'nowrap' } as const;

export const chip = style({
  ...chipBase,
  ...pillChoiceOff(vars.color.textSub),
});

export const chipOn = style({
  ...chipBase,
  border: `1px solid ${vars.color.text}`,
  background: vars.color.text,
  color: vars.color.white,
  fontWeight: vars.font.bold,
  selectors: focusRing,
});

export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const sort = style({ marginRight: 'auto' });

export const select = style({
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  ...plainTextButton,
  selectors: focusRing,
});

const filterBase = {
  ...pillShape('36px', `0 ${vars.space.sm} 0 ${vars.space.md}`),
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  maxWidth: '160px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

export const filter = style({
  ...filterBase,
  ...pillChoiceOff(vars.color.text),
});

export const filterOn = style({
  ...filterBase,
  ...pillChoiceOn,
});
