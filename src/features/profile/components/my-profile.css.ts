import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../../styles/a11y.css';
import { focusRing, pinnedBar, touchTarget } from '../../../components/ui/pieces.css';
import { vars } from '../../../styles/theme.css';

export const bar = style(pinnedBar);

export const photoButton = style({
  position: 'absolute',
  right: '-4px',
  bottom: '-4px',
  display: 'flex',
  ...touchTarget,
  border: `2px solid ${vars.color.white}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandStrong,
  color: vars.color.white,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const file = visuallyHidden;

// Three equal columns: the links stay on one row at 390 px.
export const links = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.xs}`,
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  fontSize: vars.font.sm,
  textDecoration: 'none',
  selectors: focusRing,
});
