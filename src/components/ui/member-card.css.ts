import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { brandTag } from './pieces.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  height: '100%',
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bg,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textAlign: 'center',
  textDecoration: 'none',
});

export const link = style({
  cursor: 'pointer',
  transition: `box-shadow ${vars.motion.fast} ${vars.motion.ease}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.card },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const photo = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.avatar,
  height: vars.size.avatar,
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.bgSoft,
  color: vars.color.iconInactive,
  marginBottom: vars.space.xs,
});

const oneLine = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export const name = style({ ...oneLine, fontSize: vars.font.md, fontWeight: vars.font.bold });

/** One line: the department shrinks to an ellipsis, the 학번 never does. */
export const meta = style({ display: 'flex', justifyContent: 'center', maxWidth: '100%', minWidth: 0, fontSize: vars.font.xs, color: vars.color.textSub });

export const department = style({ ...oneLine, minWidth: 0 });

// `pre` keeps the spaces around "·" at the start of this flex item.
export const studentNo = style({ flexShrink: 0, whiteSpace: 'pre' });

export const keywords = style({ ...oneLine, fontSize: vars.font.xs, color: vars.color.brandStrong, fontWeight: vars.font.medium });

export const bar = style({ margin: `0 ${vars.space.xs}`, color: vars.color.line });

export const pills = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
});

export const pill = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  ...brandTag,
  whiteSpace: 'nowrap',
});
