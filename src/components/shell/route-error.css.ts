import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { noticeColumn } from '../ui/pieces.css';

export const root = style({
  ...noticeColumn,
  padding: `${vars.space.huge} ${vars.space.xxl}`,
  textAlign: 'center',
});

export const title = style({ fontSize: vars.font.lg, fontWeight: vars.font.bold });

export const text = style({ fontSize: vars.font.sm, color: vars.color.textSub });
